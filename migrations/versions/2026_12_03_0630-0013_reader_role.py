"""A role that can only read: paperhouse_reader, for BI tools and analysts, and the run
history it may see (analytics.runs).

The role is NOLOGIN; `etl db create-reader NAME` makes a login in it. It gets USAGE and
SELECT on the published tables (public) and the analytics views, and default privileges so
that tables and views later migrations create are covered too; nothing on the etl schema or
the staging schemas. CREATE on the public schema is taken from PUBLIC (Postgres 15 and later
no longer grant it), so that a reader cannot create tables there; the downgrade does not give
it back.

Roles belong to the server, not the database: the upgrade keeps a role that exists already
(another paperhouse database on the server made it), and the downgrade drops the role only
when no other database still grants it anything and no login is a member of it.

Revision ID: 0013
Revises: 0012
Create Date: 2026-12-03 06:30:00.000000+00:00
"""

from collections.abc import Sequence

from alembic import op

from etl.sql_files import view_statements

revision: str = "0013"
down_revision: str | Sequence[str] | None = "0012"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

READER = "paperhouse_reader"
READ_SCHEMAS = "public, analytics"


def upgrade() -> None:
    op.execute(
        f"""
        DO $$
        BEGIN
            IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '{READER}') THEN
                CREATE ROLE {READER} NOLOGIN;
            END IF;
        END
        $$
        """
    )
    op.execute(
        f"COMMENT ON ROLE {READER} IS 'Reads paperhouse''s published tables and analytics views; "
        "cannot write, create, or see the etl and staging schemas. Logins are made in it with "
        "`etl db create-reader`.'"
    )
    for statement in view_statements("analytics.runs", 1):
        op.execute(statement)
    op.execute("REVOKE CREATE ON SCHEMA public FROM PUBLIC")
    op.execute(f"GRANT USAGE ON SCHEMA {READ_SCHEMAS} TO {READER}")
    op.execute(f"GRANT SELECT ON ALL TABLES IN SCHEMA {READ_SCHEMAS} TO {READER}")
    op.execute(
        f"ALTER DEFAULT PRIVILEGES IN SCHEMA {READ_SCHEMAS} GRANT SELECT ON TABLES TO {READER}"
    )


def downgrade() -> None:
    op.execute(
        f"ALTER DEFAULT PRIVILEGES IN SCHEMA {READ_SCHEMAS} REVOKE SELECT ON TABLES FROM {READER}"
    )
    op.execute(f"REVOKE SELECT ON ALL TABLES IN SCHEMA {READ_SCHEMAS} FROM {READER}")
    op.execute(f"REVOKE USAGE ON SCHEMA {READ_SCHEMAS} FROM {READER}")
    op.execute("DROP VIEW analytics.runs")
    # pg_shdepend lists what a role is granted in every database of the server.
    op.execute(
        f"""
        DO $$
        BEGIN
            IF NOT EXISTS (
                SELECT 1 FROM pg_shdepend d JOIN pg_roles r ON r.oid = d.refobjid
                WHERE r.rolname = '{READER}'
            ) AND NOT EXISTS (
                SELECT 1 FROM pg_auth_members m JOIN pg_roles r ON r.oid = m.roleid
                WHERE r.rolname = '{READER}'
            ) THEN
                DROP ROLE {READER};
            END IF;
        END
        $$
        """
    )
