"""clean_text on LaTeX and whitespace found in real abstracts, and on cases of our own."""

import polars as pl
import pytest

from etl.transform.text import clean_text

CASES = [
    # From the sample listings.
    (r"up to 98.7\% of the test cases", "up to 98.7% of the test cases"),
    (r"including PixArt-$\alpha$, FLUX, and SANA", "including PixArt-α, FLUX, and SANA"),
    (r"we curate \erdos, the largest graph", "we curate erdos, the largest graph"),
    (r"With RL on \erdos, $\texttt{G1}$ obtains", "With RL on erdos, G1 obtains"),
    (
        r"$\textbf{B}$alanced $\textbf{L}$ocalization and $\textbf{U}$nlearning $\textbf{E (BLUE)}$",
        "Balanced Localization and Unlearning E (BLUE)",
    ),
    (r"create ``knowledge holes''---unintended", 'create "knowledge holes"—unintended'),
    (r"assumptions, e.g.\ that the answer", "assumptions, e.g. that the answer"),
    (r"(LLMs, e.g., \textgreater 13B)", "(LLMs, e.g., > 13B)"),
    (r"on $DBP15K_{FR-EN}$ and $DBP15K_{ZH-EN}$", "on DBP15K_FR-EN and DBP15K_ZH-EN"),
    (r"the \textsc{GraphOracle} model", "the GraphOracle model"),
    (r"a $\textit{intra-angle diversify loss}$", "a intra-angle diversify loss"),
    (
        "Code: https://github.com/Haochen-Wang409/PairUni{github.com/Haochen-Wang409/PairUni}",
        "Code: https://github.com/Haochen-Wang409/PairUni",
    ),
    # Our own.
    (r"Erd\H{o}s, G\"odel, {\'e}t\'e, Pe\~na, \v{S}koda", "Erdős, Gödel, été, Peña, Škoda"),
    (r"$x \le y \leq z$ and \top", "x ≤ y ≤ z and top"),
    (r"\textbf{\textit{nested}} emphasis", "nested emphasis"),
    (r"costs \$5 per run", "costs $5 per run"),
    (r"see \href{https://x.org/a}{our page}.", "see our page (https://x.org/a)."),
    (r"Table~1 and et~al. show 10--20 runs", "Table 1 and et al. show 10–20 runs"),
    (r"about ~50\% fewer", "about ~50% fewer"),
    (r"a $10^{-3}$ rate with $3\times$ speed", "a 10^-3 rate with 3× speed"),
    ("multi\r\nline\t tabs\u00a0and  spaces  ", "multi line tabs and spaces"),
    (r"AT\&T and snake\_case", "AT&T and snake_case"),
    ("..{github}", "..{github}"),
    ("plain text stays plain.", "plain text stays plain."),
]


@pytest.mark.parametrize(("raw", "expected"), CASES)
def test_clean_text(raw: str, expected: str) -> None:
    cleaned = pl.select(clean_text(pl.lit(raw))).item()
    assert cleaned == expected


def test_null_stays_null() -> None:
    frame = pl.DataFrame({"t": [None, "a"]}, schema={"t": pl.String})
    assert frame.select(clean_text(pl.col("t"))).to_series().to_list() == [None, "a"]
