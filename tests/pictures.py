"""Reading the static pictures back, for the tests: what a picture in a notebook shows.

A stored picture is HTML whose SVGs are ``<img>`` elements with the SVG in a data URI
(``cardwidgets.widget.picture.as_img``), their repeated parts drawn once in ``<defs>`` and
placed with ``<use>`` (``reuse_parts``). :func:`shown_svgs` decodes every image and puts the
reused parts back where they are drawn, so a test reads the SVG a browser paints and can
check what it shows (and what it must not show) as it would in the inline form.
"""
import base64
import re

IMG = re.compile(r"<img\b[^>]*>")
DATA = re.compile(r'\bsrc="data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)"')
DEFS = re.compile(r"<defs>((?:<g id=\"[^\"]+\">.*?</g>)*)</defs>", re.S)
PART = re.compile(r'<g id="([^"]+)">(.*?)</g>(?=<g id="|$)', re.S)
USE = re.compile(r'<use href="#([^"]+)" transform="([^"]*)"/>')


def expand(svg: str) -> str:
    """``svg`` with every ``<use>`` of a part in its ``<defs>`` replaced by the part itself
    (the inverse of ``reuse_parts``)."""
    m = DEFS.search(svg)
    if not m:
        return svg
    parts = dict(PART.findall(m.group(1)))
    body = svg[:m.start()] + svg[m.end():]
    missing = [i for i in USE.findall(body) if i[0] not in parts]
    assert not missing, f"<use> of parts not defined: {missing}"
    return USE.sub(lambda u: f'<g transform="{u.group(2)}">{parts[u.group(1)]}</g>', body)


def images(html: str) -> list[tuple[str, str]]:
    """Every ``<img>`` of ``html`` as (its tag, the SVG it shows, expanded); an image that is
    not an SVG in a data URI fails the test."""
    out = []
    for tag in IMG.findall(html):
        m = DATA.search(tag)
        assert m, f"an image that is not one of our pictures: {tag[:120]}"
        out.append((tag, expand(base64.b64decode(m.group(1)).decode("utf-8"))))
    return out


def shown_svgs(html: str) -> list[str]:
    """The SVGs the stored picture ``html`` shows, decoded and expanded. The stored form has
    no inline SVG (JupyterLab strips it from an untrusted notebook)."""
    assert "<svg" not in html, "inline SVG in a stored picture (an untrusted notebook loses it)"
    svgs = [svg for _, svg in images(html)]
    assert svgs, "no picture"
    return svgs


def shown_text(html: str) -> str:
    """Everything a stored picture holds, as one string: its HTML (the caption, the score
    sheet, the images' alt texts) and every SVG decoded; for checking that a name never appears unescaped or that
    a card is not shown."""
    return DATA.sub('src=""', html) + "".join(shown_svgs(html))   # the alt texts stay in


def plain(svg: str) -> str:
    """An SVG without its namespace attribute (``as_img`` adds one where it is missing)."""
    return svg.replace(' xmlns="http://www.w3.org/2000/svg"', "", 1)
