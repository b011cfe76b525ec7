#!/usr/bin/env python3
"""Fills the English plural forms of a plurals-only .ts file made by `lupdate -pluralonly`.

Source strings say "%n error(s)"; English needs "1 error" and "2 errors". Every "(s)" becomes
"" in the singular form and "s" in the plural form. A plural source without "(s)" is an error,
so a new plural string that needs a hand-written form is noticed at build time.
Usage: english_plurals.py IN.ts OUT.ts
"""
import re
import sys
import xml.etree.ElementTree as ET


def main(src, dst):
    tree = ET.parse(src)
    missing = []
    for message in tree.iter("message"):
        if message.get("numerus") != "yes":
            continue
        source = message.findtext("source") or ""
        if "(s)" not in source:
            missing.append(source)
            continue
        translation = message.find("translation")
        for child in list(translation):
            translation.remove(child)
        translation.attrib.pop("type", None)
        translation.text = None
        for form in (source.replace("(s)", ""), source.replace("(s)", "s")):
            numerus = ET.SubElement(translation, "numerusform")
            numerus.text = form
    if missing:
        sys.exit("english_plurals.py: no '(s)' to inflect in: " + "; ".join(missing))
    tree.write(dst, encoding="utf-8", xml_declaration=True)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
