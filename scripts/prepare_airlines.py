#!/usr/bin/env python3
"""Build Data/airlines/airlines.csv from OpenFlights' airlines.dat (ODbL).

Usage:
    python3 scripts/prepare_airlines.py /path/to/openflights/data/airlines.dat

Keeps the airlines OpenFlights marks active ("Y") that have a 3-letter ICAO designator or a
2-character IATA code, adds the ISO-2 country (from Data/ourairports/countries.csv names, plus
the few OpenFlights spellings listed below) and the EU261/UK261 carrier region. Standard
library only; re-runnable. See Data/airlines/README.md.
"""
import csv
import os
import re
import sys

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(REPO, "Data", "airlines", "airlines.csv")

# OpenFlights country spellings that differ from OurAirports' country names.
COUNTRY_FIXES = {
    "Syrian Arab Republic": "SY", "Democratic People's Republic of Korea": "KP", "Russian Federation": "RU",
    "Congo (Kinshasa)": "CD", "Congo (Brazzaville)": "CG", "Lao Peoples Democratic Republic": "LA", "Netherlands Antilles": "CW",
    "Ivory Coast": "CI", "Macao": "MO", "Hong Kong SAR of China": "HK", "Reunion": "RE", "Sao Tome and Principe": "ST",
    "Burma": "MM", "Macedonia": "MK", "Republic of Korea": "KR", "South Korea": "KR", "North Korea": "KP",
    "Czech Republic": "CZ", "Cape Verde": "CV", "East Timor": "TL", "Swaziland": "SZ", "Micronesia": "FM",
    "Virgin Islands": "VG", "Palestine": "PS", "Vietnam": "VN", "Brunei": "BN", "Moldova": "MD", "Iran": "IR",
    "Tanzania": "TZ", "Bolivia": "BO", "Venezuela": "VE", "Taiwan": "TW", "Laos": "LA", "Syria": "SY", "Russia": "RU",
    "Canadian Territories": "CA", "Turkey": "TR", "Gambia": "GM", "Bahamas": "BS", "Cocos (Keeling) Islands": "CC",
}

# Rows whose source fields are shifted or empty (name split over two fields, no country): the
# licence country by OpenFlights id, checked against the airline's name.
ID_COUNTRY = {"411": "CO", "439": "US", "515": "CO", "1406": "BG", "2056": "HK", "5533": "AT"}

# Regulation (EC) 261/2004 "Community carrier": licensed in an EU member state; the EEA states
# and Switzerland apply it too. Same sets as FlightPlanning/EU261.swift.
EU = set("AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE".split())
EEA_CH = {"IS", "NO", "LI", "CH"}
OUTERMOST = {"GP", "GF", "MQ", "RE", "YT", "MF"}


def region(iso):
    if iso in EU or iso in EEA_CH or iso in OUTERMOST:
        return "eu"
    if iso == "GB":
        return "uk"
    return "other"


def clean(v):
    v = (v or "").strip()
    return "" if v in ("\\N", "-", "N/A") else v


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    names = {}
    with open(os.path.join(REPO, "Data", "ourairports", "countries.csv"), encoding="utf-8") as f:
        for r in csv.DictReader(f):
            names[r["name"]] = r["code"]
    rows = []
    with open(sys.argv[1], encoding="utf-8") as f:
        for r in csv.reader(f):
            # A few rows have an unquoted comma in the name ("Alaska Airlines, Inc."): rejoin it.
            if len(r) > 8:
                extra = len(r) - 8
                r = [r[0], ",".join(r[1:2 + extra])] + r[2 + extra:]
            if len(r) < 8 or r[7].strip() != "Y":
                continue
            name, alias, iata, icao, callsign, country = (clean(x) for x in r[1:7])
            if not re.fullmatch(r"[A-Z]{3}", icao):
                icao = ""
            if not re.fullmatch(r"[A-Z0-9]{2}", iata):
                iata = ""
            if not name or not (icao or iata):
                continue
            iso = ID_COUNTRY.get(r[0]) or names.get(country) or COUNTRY_FIXES.get(country, "")
            rows.append([name, alias, iata, icao, callsign, country, iso, region(iso) if iso else "other", r[0]])
    rows.sort(key=lambda x: (x[0].lower(), x[3], x[2]))
    with open(OUT, "w", encoding="utf-8", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["name", "alias", "iata", "icao", "callsign", "country", "iso_country", "region", "openflights_id"])
        w.writerows(rows)
    print("%d airlines written to %s (%d without an ISO country)" % (len(rows), OUT, sum(1 for r in rows if not r[6])))


if __name__ == "__main__":
    main()
