"""Text cleanup: LaTeX fragments and whitespace in abstracts, as Polars expressions.

Abstracts arrive with the LaTeX their authors typed (`98.7\\%`, `$\\texttt{G1}$`,
``` ``quotes'' ```, `\\erdos`, `$DBP15K_{FR-EN}$`). `clean_text` turns that into the plain
text people read and search; the original stays beside it. The rules are generic LaTeX rules,
never keyed to a particular abstract.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from typing import Literal

import polars as pl

# Commands whose single braced argument is the text to keep: `\textbf{U}` -> `U`.
_UNWRAP_COMMANDS = (
    "textbf", "textit", "textsl", "emph", "texttt", "textsc", "textrm", "textsf", "textnormal",
    "textup", "underline", "mathrm", "mathbf", "mathit", "mathsf", "mathtt", "mathcal",
    "mathbb", "mathscr", "mathfrak", "boldsymbol", "bm", "text", "mbox", "url", "operatorname",
    "hat", "tilde", "bar", "vec", "overline",
)  # fmt: skip

# Argument-less commands that stand for a character.
_SYMBOL_COMMANDS = {
    "alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "epsilon": "ε", "varepsilon": "ε",
    "zeta": "ζ", "eta": "η", "theta": "θ", "vartheta": "ϑ", "iota": "ι", "kappa": "κ",
    "lambda": "λ", "mu": "μ", "nu": "ν", "xi": "ξ", "pi": "π", "rho": "ρ", "sigma": "σ",
    "tau": "τ", "upsilon": "υ", "phi": "φ", "varphi": "φ", "chi": "χ", "psi": "ψ",
    "omega": "ω", "Gamma": "Γ", "Delta": "Δ", "Theta": "Θ", "Lambda": "Λ", "Xi": "Ξ",
    "Pi": "Π", "Sigma": "Σ", "Upsilon": "Υ", "Phi": "Φ", "Psi": "Ψ", "Omega": "Ω",
    "times": "×", "sim": "~", "approx": "≈", "simeq": "≃", "pm": "±", "mp": "∓",
    "leq": "≤", "le": "≤", "geq": "≥", "ge": "≥", "neq": "≠", "ne": "≠", "ll": "≪", "gg": "≫",
    "rightarrow": "→", "to": "→", "leftarrow": "←", "Rightarrow": "⇒", "leftrightarrow": "↔",
    "uparrow": "↑", "downarrow": "↓", "cdot": "·", "infty": "∞", "in": "∈", "propto": "∝",
    "textgreater": ">", "textless": "<", "ldots": "…", "dots": "…", "cdots": "⋯",
    "textdegree": "°", "degree": "°", "dagger": "†", "ddagger": "‡", "checkmark": "✓",
    "textasciitilde": "~", "textbar": "|", "textbackslash": "\\", "S": "§", "P": "¶",
    "ss": "ß", "ae": "æ", "AE": "Æ", "oe": "œ", "OE": "Œ", "o": "ø", "O": "Ø",
    "l": "ł", "L": "Ł", "aa": "å", "AA": "Å", "i": "ı", "LaTeX": "LaTeX", "TeX": "TeX",
    "quad": " ", "qquad": " ", "newline": " ", "par": " ", "noindent": "", "xspace": "",
    "textemdash": "—", "textendash": "–", "log": "log", "exp": "exp", "max": "max",
    "min": "min", "sum": "∑", "prod": "∏", "partial": "∂", "nabla": "∇", "forall": "∀",
    "exists": "∃", "emptyset": "∅", "subset": "⊂", "subseteq": "⊆", "cup": "∪", "cap": "∩",
    "star": "⋆", "ast": "∗", "circ": "∘", "bullet": "•", "prime": "′", "mid": "|",
}  # fmt: skip

# Accent commands: `\"o`, `\"{o}`, `{\"o}` and `\v{s}` become precomposed letters.
_ACCENTS = {
    "'": "\u0301", "`": "\u0300", "^": "\u0302", '"': "\u0308", "~": "\u0303", "=": "\u0304",
    ".": "\u0307", "H": "\u030b", "c": "\u0327", "v": "\u030c", "u": "\u0306", "k": "\u0328",
    "r": "\u030a",
}  # fmt: skip

# Marks a command name's end so that symbol lookup matches whole names only (`\le` is not
# the start of `\leq`). A private-use code point: never present in real text.
_NAME_END = "\ue000"
# Stands in for an escaped dollar while `$...$` math is unwrapped.
_LITERAL_DOLLAR = "\ue001"


def _accent_table() -> dict[str, str]:
    table = {}
    for command, mark in _ACCENTS.items():
        for letter in "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ":
            composed = unicodedata.normalize("NFC", letter + mark)
            if len(composed) == 1:
                table[f"\\{command}{letter}"] = composed
                # `\i` is a dotless i, the form accents on i take in LaTeX.
                if letter == "i":
                    table[f"\\{command}\\i"] = composed
    return table


_ACCENT_TABLE = _accent_table()
_SYMBOL_TABLE = {f"\\{name}{_NAME_END}": symbol for name, symbol in _SYMBOL_COMMANDS.items()}
_UNWRAP_PATTERN = r"\\(?:" + "|".join(_UNWRAP_COMMANDS) + r")\s*\{([^{}]*)\}"
_ACCENT_COMMANDS = "".join(c for c in _ACCENTS if not c.isalpha())
_ACCENT_LETTER_COMMANDS = "".join(c for c in _ACCENTS if c.isalpha())


def _unwrap_accents(text: pl.Expr) -> pl.Expr:
    """`{\\"o}`, `\\"{o}` and `\\v{s}` / `\\v s` to the bare `\\"o` / `\\vs` form, then letters."""
    symbol_accent = "[" + "".join("\\" + c for c in _ACCENT_COMMANDS) + "]"
    letter_accent = "[" + _ACCENT_LETTER_COMMANDS + "]"
    return (
        text.str.replace_all(r"\{(\\" + symbol_accent + r"\\?[A-Za-z])\}", "$1")
        .str.replace_all(r"\\(" + symbol_accent + r")\{(\\?[A-Za-z])\}", "\\$1$2")
        .str.replace_all(
            r"\\(" + letter_accent + r")(?:\{(\\?[A-Za-z])\}|\s+([A-Za-z]))", "\\$1$2$3"
        )
        .str.replace_many(_ACCENT_TABLE, leftmost=True)
    )  # fmt: skip


def _unwrap_commands(text: pl.Expr) -> pl.Expr:
    """`\\href{url}{text}` to `text (url)`, and formatting commands to their argument.

    Three passes unwrap commands nested three deep (`\\textbf{\\textit{\\texttt{x}}}`).
    """
    text = text.str.replace_all(r"\\href\s*\{([^{}]*)\}\s*\{([^{}]*)\}", "$2 ($1)")
    for _ in range(3):
        text = text.str.replace_all(_UNWRAP_PATTERN, "$1")
    return text


def _resolve_math(text: pl.Expr) -> pl.Expr:
    """Drop `$` delimiters and sub/superscript braces: `$DBP15K_{FR-EN}$` -> `DBP15K_FR-EN`."""
    return (
        text.str.replace_all(r"\\\$", _LITERAL_DOLLAR)
        .str.replace_all(r"\$\$([^$]*)\$\$", "$1")
        .str.replace_all(r"\$([^$]*)\$", "$1")
        .str.replace_all(r"([_^])\{([^{}]*)\}", "$1$2")
        .str.replace_all(_LITERAL_DOLLAR, "$", literal=True)
    )


def _resolve_symbols(text: pl.Expr) -> pl.Expr:
    """Escaped characters, symbol commands, spacing commands; unknown macros keep their name."""
    return (
        text.str.replace_all(r"\\([%&_#{}])", "$1")
        .str.replace_all(r"\\\\|\\[ ,;:!]", " ")
        .str.replace_all(r"\\([A-Za-z]+)", "\\${1}" + _NAME_END)
        .str.replace_many(_SYMBOL_TABLE, leftmost=True)
        # An unknown command (a paper's own macro such as `\erdos`) keeps its name.
        .str.replace_all(r"\\([A-Za-z]+)" + _NAME_END + r"(?:\{\})?", "$1")
        .str.replace_all(_NAME_END, "", literal=True)
    )


def _resolve_punctuation(text: pl.Expr) -> pl.Expr:
    """TeX quotes (to plain ASCII quotes, which is what people search for), dashes, ties."""
    return (
        text.str.replace_all("``", '"', literal=True)
        .str.replace_all("''", '"', literal=True)
        .str.replace_all(r"`([^`'\s][^`']{0,80})'", "'$1'")
        .str.replace_all("---", "\u2014", literal=True)
        .str.replace_all(r"(\d)--(\d)", "$1\u2013$2")
        .str.replace_all(" -- ", " \u2013 ", literal=True)
        .str.replace_all(r"([A-Za-z.,])~([A-Za-z0-9(])", "$1 $2")
    )


def _drop_href_residue(text: pl.Expr) -> pl.Expr:
    """`https://github.com/a/b{github.com/a/b}`: the braced repeat left by a lost `\\href`."""
    return text.str.replace_all(r"(https?://[^\s{}]+)\{[^{}\s]*\}", "$1")


def _normalizer(form: str) -> Callable[[pl.Series], pl.Series]:
    def normalize(values: pl.Series) -> pl.Series:
        return pl.Series(
            [None if v is None else unicodedata.normalize(form, v) for v in values],
            dtype=pl.String,
        )

    return normalize


def unicode_normalized(text: pl.Expr, form: Literal["NFC", "NFKD"]) -> pl.Expr:
    """The text in Unicode normal form `form`. Through Python's unicodedata, not Polars'
    str.normalize: Python returns an ASCII string as it is without looking at it, and most
    abstracts are ASCII (20k abstracts to NFC: 0.13 s instead of 0.39 s)."""
    return text.map_batches(_normalizer(form), return_dtype=pl.String, is_elementwise=True)


def collapse_whitespace(text: pl.Expr) -> pl.Expr:
    """Every run of whitespace (hard line breaks, tabs, non-breaking spaces) to one space."""
    return text.str.replace_all(r"\s+", " ").str.strip_chars()


def clean_text(text: pl.Expr) -> pl.Expr:
    """Plain, readable text from an abstract that may carry LaTeX."""
    return (
        text.pipe(_drop_href_residue)
        .pipe(_unwrap_commands)
        .pipe(_unwrap_accents)
        .pipe(_resolve_math)
        .pipe(_resolve_symbols)
        .pipe(_resolve_punctuation)
        .pipe(unicode_normalized, "NFC")
        .pipe(collapse_whitespace)
    )


def clean_abstracts(records: pl.LazyFrame) -> pl.LazyFrame:
    """Add `abstract` (clean) from `abstract_source` (as written)."""
    return records.with_columns(abstract=clean_text(pl.col("abstract_source")))
