"""Alembic environment: one Settings object decides which database is migrated."""

from logging.config import fileConfig

import sqlalchemy as sa
from alembic import context
from sqlalchemy import pool

from etl import db
from etl.config import Settings
from etl.schema import ETL_SCHEMA, metadata

config = context.config
if config.config_file_name is not None and config.attributes.get("configure_logger", True):
    fileConfig(config.config_file_name, disable_existing_loggers=False)

MANAGED_SCHEMAS = {None, "public", ETL_SCHEMA}


def include_name(name, type_, parent_names):
    # Staging schemas and analytics views are not described by etl.schema; leave them out.
    if type_ == "schema":
        return name in MANAGED_SCHEMAS
    return True


def database_url() -> str:
    return config.get_main_option("sqlalchemy.url") or db.sqlalchemy_url(
        db.database_url(Settings.from_env())
    )


def configure(**kwargs) -> None:
    context.configure(
        target_metadata=metadata,
        include_schemas=True,
        include_name=include_name,
        compare_type=True,
        version_table_schema=db.VERSION_TABLE_SCHEMA,
        **kwargs,
    )


def keep_the_version_table_out_of_public(connection: sa.Connection) -> None:
    """Alembic's version table lives in the etl schema, out of the way of BI tools listing
    public. A database migrated before it moved has it in public: moved, revision kept."""
    schema = db.VERSION_TABLE_SCHEMA
    with connection.begin():
        connection.exec_driver_sql(f"CREATE SCHEMA IF NOT EXISTS {schema}")
        only_in_public = connection.exec_driver_sql(
            f"SELECT to_regclass('public.alembic_version') IS NOT NULL "
            f"AND to_regclass('{schema}.alembic_version') IS NULL"
        ).scalar_one()
        if only_in_public:
            connection.exec_driver_sql(f"ALTER TABLE public.alembic_version SET SCHEMA {schema}")


def run_migrations_offline() -> None:
    configure(url=database_url(), literal_binds=True, dialect_opts={"paramstyle": "named"})
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    engine = sa.create_engine(database_url(), poolclass=pool.NullPool)
    with engine.connect() as connection:
        keep_the_version_table_out_of_public(connection)
        configure(connection=connection)
        with context.begin_transaction():
            context.run_migrations()


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
