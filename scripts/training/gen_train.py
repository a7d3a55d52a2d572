#!/usr/bin/env python3
"""Deterministic generator of the flyfun intent/slot TRAINING file.

Reads the real offline data (airports, places, aircraft cruise speeds, GA customs
notification airports) and combines it with hand-written phrasing templates per tool.
Writes ToolCatalog/training/generated.jsonl.  Stdlib only, fixed seed.

Conventions: ToolCatalog/training/CONVENTIONS.md (arguments = only what the user said).
"""
import csv, json, os, random, re, sys, unicodedata, math
from collections import Counter, defaultdict

SEED = 20260522
R = random.Random(SEED)
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
DATA = os.path.join(ROOT, "Data")
OUT = os.path.join(ROOT, "ToolCatalog", "training", "generated.jsonl")
# the project's own eval files (merged into training separately): their inputs are never emitted.
# They have moved around in the repository; any of these paths may hold them.  The normalised inputs are
# also kept as SHA-1 hashes next to this script so that the output does not depend on where they are.
EVAL_FILES = [os.path.join(ROOT, "ToolCatalog", "training", "eval.jsonl")]
EXCLUDED_HASHES = os.path.join(HERE, "excluded_inputs.sha1")

# ----------------------------------------------------------------------------------------
# small helpers
# ----------------------------------------------------------------------------------------
def ch(seq):
    return seq[R.randrange(len(seq))]

def wch(pairs):
    """weighted choice from [(item, weight), ...]"""
    tot = sum(w for _, w in pairs)
    x = R.random() * tot
    for it, w in pairs:
        x -= w
        if x <= 0:
            return it
    return pairs[-1][0]

def p(prob):
    return R.random() < prob

def strip_accents(s):
    return "".join(c for c in unicodedata.normalize("NFKD", s) if not unicodedata.combining(c))

def fmt_num(x, comma=False):
    """12 -> '12', 2.5 -> '2.5' (or '2,5' with decimal comma)"""
    if abs(x - round(x)) < 1e-9:
        s = str(int(round(x)))
    else:
        s = ("%.2f" % x).rstrip("0").rstrip(".")
    return s.replace(".", ",") if comma else s

def r1(x):
    return round(x + 1e-9, 1)

def num_arg(x):
    """JSON number: int when integral"""
    if abs(x - round(x)) < 1e-9:
        return int(round(x))
    return r1(x)

KEYB = {
    "a": "qsz", "b": "vn", "c": "xv", "d": "sf", "e": "wr", "f": "dg", "g": "fh", "h": "gj",
    "i": "uo", "j": "hk", "k": "jl", "l": "k", "m": "n", "n": "bm", "o": "ip", "p": "o",
    "q": "w", "r": "et", "s": "ad", "t": "ry", "u": "yi", "v": "cb", "w": "qe", "x": "zc",
    "y": "tu", "z": "x",
}

def typo_word(w):
    """one-letter typo in a word (swap / drop / double / neighbour key)"""
    if len(w) < 4:
        return w
    i = R.randrange(1, len(w) - 1)
    k = R.randrange(4)
    if k == 0:
        return w[:i] + w[i + 1] + w[i] + w[i + 2:]
    if k == 1:
        return w[:i] + w[i + 1:]
    if k == 2:
        return w[:i] + w[i] + w[i:]
    c = w[i].lower()
    if c in KEYB:
        return w[:i] + ch(KEYB[c]) + w[i + 1:]
    return w[:i] + w[i + 1:]

def typo_text(s, prob=1.0):
    """put one typo in a random alphabetic word (>=5 letters) of a literal text"""
    if not p(prob):
        return s
    words = list(re.finditer(r"[A-Za-z]{5,}", s))
    if not words:
        return s
    m = ch(words)
    return s[:m.start()] + typo_word(m.group(0)) + s[m.end():]

# ----------------------------------------------------------------------------------------
# data
# ----------------------------------------------------------------------------------------
GA_COUNTRIES = "FR DE GB CH AT IT ES PT BE NL LU DK SE NO FI IE CZ PL HR SI GR HU SK JE GG IM".split()
GA_WEIGHT = {"FR": 10, "DE": 9, "GB": 9, "CH": 5, "AT": 4, "IT": 5, "ES": 4, "PT": 2, "BE": 4,
             "NL": 4, "LU": 1, "DK": 3, "SE": 3, "NO": 2, "FI": 1, "IE": 2, "CZ": 2, "PL": 2,
             "HR": 1, "SI": 1, "GR": 1, "HU": 1, "SK": 1, "JE": 1, "GG": 1, "IM": 1}

NAME_DROP = [
    "International Airport", "Regional Airport", "Airport", "Airfield", "Aerodrome", "Aérodrome de",
    "Aérodrome d'", "Aérodrome", "Aerodromo di", "Aeródromo de", "Aeródromo", "Aerodromo",
    "Aeroporto di", "Aeroporto", "Aeropuerto de", "Flugplatz", "Verkehrslandeplatz", "Airstrip",
    "Altiport", "Lufthavn", "Flyplass", "Flygplats", "Sport Aviation", "Airpark", "Field",
    "Ultralight", "Glider", "Landing Site", "International", "Regional", "Municipal", "airport",
]
NAME_BAD = re.compile(r"Air Base|Airbase|RAF |RNAS|Army|Military|Naval|Heliport|Hospital|Base |\(BA|"
                      r"Private|Farm|Estate|Lodge|Station|Barracks|Range|Helipad|Ultralight|Glider|UL ", re.I)
SPLIT_KEEP = {"Saint", "St", "Sankt", "Le", "La", "Les", "Bad", "Mont", "Sint", "San", "Santa",
              "Pont", "Val", "Villa", "Aix", "Ile", "Île", "Sainte", "Ste", "Bois", "Port", "Brive",
              "Castel", "Villefranche", "Baden", "Charleville", "Châlons", "Chalons", "Vitry", "Bar",
              "Lons", "Bourg", "Saint-Yan", "Kassel", "Cuatro"}

def clean_name(name):
    n = name
    for d in NAME_DROP:
        n = re.sub(r"(?i)(^|\s)" + re.escape(d) + r"(\s|$|,)", " ", n)
    n = re.sub(r"\(.*?\)", " ", n)
    n = n.split(",")[0].split("/")[0].split(" – ")[0]
    n = re.sub(r"\s+", " ", n).strip(" -–")
    if " - " in n:
        n = n.split(" - ")[0].strip()
    return n

def short_name(n):
    """first part of a hyphenated name when it makes sense: Le Touquet-Côte d'Opale -> Le Touquet"""
    if "-" in n:
        first = n.split("-")[0].strip()
        if len(first) >= 5 and first.split()[-1] not in SPLIT_KEEP and first not in SPLIT_KEEP:
            return first
    return n

AIRPORTS = {}          # ident -> dict
with open(os.path.join(DATA, "ourairports/airports.csv"), encoding="utf-8") as f:
    for r in csv.DictReader(f):
        AIRPORTS[r["ident"]] = r

def good_code(c):
    return len(c) == 4 and c.isalpha() and c.isupper()

EU_APT = [r for r in AIRPORTS.values()
          if r["iso_country"] in GA_COUNTRIES and r["type"] in ("small_airport", "medium_airport", "large_airport")
          and good_code(r["ident"])]
BY_TYPE = defaultdict(list)
for r in EU_APT:
    BY_TYPE[r["type"]].append(r)
for k in BY_TYPE:
    BY_TYPE[k].sort(key=lambda r: r["ident"])

def apt_weighted():
    t = wch([("medium_airport", 45), ("small_airport", 45), ("large_airport", 10)])
    # country weighting: draw a few and keep the one from the more GA-heavy country
    cands = [ch(BY_TYPE[t]) for _ in range(3)]
    cands.sort(key=lambda r: -GA_WEIGHT.get(r["iso_country"], 1) * R.random())
    return cands[0]

def code_of():
    return apt_weighted()["ident"]

NAMED = []   # cleaned names from data (GA airports only)
for r in EU_APT:
    if r["type"] == "large_airport" or NAME_BAD.search(r["name"]):
        continue
    n = clean_name(r["name"])
    if 3 <= len(n) <= 28 and not re.search(r"\d", n):
        NAMED.append((n, r["ident"]))
NAMED.sort()

FAMOUS = [  # well-known GA fields as pilots call them (hand list)
    "Le Touquet", "Biggin Hill", "Egelsbach", "Elstree", "Shoreham", "Headcorn", "Fairoaks", "Toussus",
    "Courchevel", "Megève", "Samedan", "Sion", "Lelystad", "Texel", "Kortrijk", "Antwerp", "Deauville",
    "Cannes", "Cannes Mandelieu", "Annecy", "Chambéry", "Le Castellet", "Saint-Tropez", "Calvi", "Figari",
    "Jersey", "Guernsey", "Alderney", "Lydd", "Manston", "Duxford", "White Waltham", "Blackbushe",
    "Redhill", "Goodwood", "Bembridge", "Sandown", "Compton Abbas", "Popham", "Old Warden", "Sywell",
    "Wellesbourne", "Turweston", "Gloucester", "Oxford Kidlington", "Cambridge", "Denham", "Damyns Hall",
    "Rochester", "Southend", "Bournemouth", "Exeter", "Cherbourg", "Dinard", "Caen Carpiquet", "Granville",
    "Saint-Brieuc", "Morlaix", "Quiberon", "Belle-Île", "La Baule", "Les Sables", "Royan", "Arcachon",
    "Biscarrosse", "Pau", "Biarritz", "Perpignan", "Béziers", "Montpellier", "Avignon", "Aix les Milles",
    "Gap Tallard", "Sisteron", "Grenoble Le Versoud", "Albertville", "Saint-Cyr", "Chavenay",
    "Lognes", "Pontoise", "Meaux", "Étampes", "Reims Prunay", "Troyes", "Dijon Darois", "Colmar",
    "Strasbourg Neuhof", "Mulhouse Habsheim", "Épinal", "Saarbrücken", "Speyer", "Mainz Finthen",
    "Bonn Hangelar", "Aachen Merzbrück", "Mönchengladbach", "Essen/Mülheim", "Marl", "Borkum", "Juist",
    "Norderney", "Wangerooge", "Helgoland", "Sylt", "Kiel", "Uetersen", "Schwerin Parchim", "Strausberg",
    "Schönhagen", "Augsburg", "Jesenwang", "Oberpfaffenhofen", "Straubing", "Vilshofen", "Kempten",
    "Friedrichshafen", "Konstanz", "Donaueschingen", "Freiburg", "Bremgarten", "Lahr", "Baden-Baden",
    "Grenchen", "Bern Belp", "Birrfeld", "Ecuvillens", "Lausanne Blécherette", "La Chaux-de-Fonds",
    "Bex", "Gruyères", "Lugano", "Locarno", "Ambri", "Buochs", "Mollis", "Zell am See", "St. Johann",
    "Innsbruck", "Salzburg", "Vöslau", "Wiener Neustadt", "Krems", "Graz", "Klagenfurt", "Bolzano",
    "Trento", "Aosta", "Albenga", "Venice Lido", "Padova", "Thiene", "Elba", "Olbia", "Cuatro Vientos",
    "Sabadell", "Reus", "Girona", "Ampuriabrava", "Cascais", "Évora", "Portimão", "Weston", "Abbeyshrule",
    "Kilrush", "Roskilde", "Stauning", "Anholt", "Visby", "Norrtälje", "Kristiansand", "Notodden",
    "Hilversum", "Teuge", "Hoogeveen", "Midden-Zeeland", "Seppe", "Oostende", "Spa", "Saint-Hubert",
    "Namur", "Charleroi", "Luxembourg", "Brno Medlánky", "Hradec Králové", "Portorož", "Lošinj", "Pula",
]

PLACES = []
with open(os.path.join(DATA, "geonames/places.tsv"), encoding="utf-8") as f:
    rd = csv.reader(f, delimiter="\t", quoting=csv.QUOTE_NONE)
    next(rd)
    for row in rd:
        if len(row) < 7:
            continue
        name, cc, pop = row[1], row[2], int(row[6] or 0)
        if cc not in GA_COUNTRIES or pop < 12000:
            continue
        if re.search(r"\d|Arrondissement|kerület|/|\(|District|Bezirk|Municipality|Kreis", name):
            continue
        if len(name) > 24 or len(name) < 3:
            continue
        PLACES.append((name, cc, pop))
PLACES.sort()
BIG_PLACES = [x for x in PLACES if x[2] >= 60000]

CRUISE = []
with open(os.path.join(DATA, "aircraft/cruise_speeds.csv"), encoding="utf-8") as f:
    for r in csv.DictReader(f):
        CRUISE.append(r)

NOTIF_CODES = []
with open(os.path.join(DATA, "flyfun/ga_notifications.csv"), encoding="utf-8") as f:
    NOTIF_CODES = sorted(set(r["icao"] for r in csv.DictReader(f) if good_code(r["icao"])))
NOTIF_CODES = [c for c in NOTIF_CODES if c in AIRPORTS and AIRPORTS[c]["type"] != "closed"]

POE_CODES = []
with open(os.path.join(DATA, "customs/points_of_entry.csv"), encoding="utf-8") as f:
    POE_CODES = sorted(set(r["icao"] for r in csv.DictReader(f)
                           if good_code(r["icao"]) and r["country_iso"] in GA_COUNTRIES and r["icao"] in AIRPORTS))

AIRLINE_APTS = sorted([r for r in EU_APT if r["type"] in ("large_airport", "medium_airport") and r["iata_code"]
                       and r["scheduled_service"] == "yes"], key=lambda r: r["ident"])

# ----------------------------------------------------------------------------------------
# countries
# ----------------------------------------------------------------------------------------
COUNTRIES = {  # iso: (names, demonyms, weight)
    "FR": (["France"], ["French"], 10),
    "DE": (["Germany"], ["German"], 9),
    "GB": (["the UK", "UK", "England", "the United Kingdom", "Great Britain", "Scotland", "Wales", "Britain"],
           ["British", "English", "Scottish", "Welsh", "UK"], 8),
    "CH": (["Switzerland"], ["Swiss"], 6),
    "AT": (["Austria"], ["Austrian"], 5),
    "IT": (["Italy"], ["Italian"], 6),
    "ES": (["Spain"], ["Spanish"], 5),
    "PT": (["Portugal"], ["Portuguese"], 3),
    "BE": (["Belgium"], ["Belgian"], 5),
    "NL": (["the Netherlands", "Netherlands", "Holland"], ["Dutch"], 5),
    "LU": (["Luxembourg"], ["Luxembourgish"], 1),
    "DK": (["Denmark"], ["Danish"], 3),
    "SE": (["Sweden"], ["Swedish"], 3),
    "NO": (["Norway"], ["Norwegian"], 3),
    "FI": (["Finland"], ["Finnish"], 2),
    "IE": (["Ireland"], ["Irish"], 3),
    "CZ": (["the Czech Republic", "Czechia"], ["Czech"], 2),
    "PL": (["Poland"], ["Polish"], 2),
    "HR": (["Croatia"], ["Croatian"], 2),
    "SI": (["Slovenia"], ["Slovenian"], 1),
    "GR": (["Greece"], ["Greek"], 2),
    "HU": (["Hungary"], ["Hungarian"], 1),
    "SK": (["Slovakia"], ["Slovak"], 1),
    "IS": (["Iceland"], ["Icelandic"], 1),
    "EE": (["Estonia"], ["Estonian"], 1),
    "LT": (["Lithuania"], ["Lithuanian"], 1),
    "LV": (["Latvia"], ["Latvian"], 1),
    "MT": (["Malta"], ["Maltese"], 1),
    "RO": (["Romania"], ["Romanian"], 1),
    "BG": (["Bulgaria"], ["Bulgarian"], 1),
}
CC_LIST = sorted(COUNTRIES)
CTRY_OF_CC = {"FR": "France", "DE": "Germany", "GB": "UK", "CH": "Switzerland", "AT": "Austria",
              "IT": "Italy", "ES": "Spain", "PT": "Portugal", "BE": "Belgium", "NL": "Netherlands",
              "LU": "Luxembourg", "DK": "Denmark", "SE": "Sweden", "NO": "Norway", "FI": "Finland",
              "IE": "Ireland", "CZ": "Czechia", "PL": "Poland", "HR": "Croatia", "SI": "Slovenia",
              "GR": "Greece", "HU": "Hungary", "SK": "Slovakia", "JE": "Jersey", "GG": "Guernsey",
              "IM": "Isle of Man"}

def pick_cc(exclude=()):
    return wch([(c, COUNTRIES[c][2]) for c in CC_LIST if c not in exclude])

def country_name(cc):
    names = COUNTRIES[cc][0]
    return names[0] if p(0.6) else ch(names)

def demonym(cc):
    d = COUNTRIES[cc][1]
    return d[0] if p(0.6) else ch(d)

# ----------------------------------------------------------------------------------------
# aircraft
# ----------------------------------------------------------------------------------------
# (surface as typed, designator expected by the conventions)
AC_ROUTE = [
    ("PA-28", "PA28"), ("PA28", "PA28"), ("pa28", "PA28"), ("C172", "C172"), ("C-172", "C172"),
    ("Cessna 172", "C172"), ("Skyhawk", "C172"), ("C182", "C182"), ("Cessna 182", "C182"),
    ("SR22", "SR22"), ("Cirrus SR22", "SR22"), ("SR20", "SR20"), ("DA40", "DA40"), ("DA-40", "DA40"),
    ("Diamond DA40", "DA40"), ("DA42", "DA42"), ("Bonanza", "BE36"), ("Mooney", "M20P"),
    ("Arrow", "P28R"), ("Piper Arrow", "P28R"), ("Archer", "P28A"), ("Piper Archer", "P28A"),
    ("Robin DR400", "DR40"), ("TBM 900", "TBM9"), ("TB20", "TB20"), ("PA46", "PA46"), ("Baron", "BE58"),
    ("RV-7", "RV7"), ("RV8", "RV8"), ("C152", "C152"), ("Cessna 152", "C152"), ("C150", "C150"),
    ("PA-32", "PA32"), ("DA62", "DA62"), ("sr22", "SR22"), ("c172", "C172"), ("da40", "DA40"),
    ("PA-34", "PA34"), ("M20J", "M20J"), ("AA5", "AA5"),
]
# designator questions for aircraft_type: (surface, expected designator arg)
AC_TYPE_CODES = []
for r in CRUISE:
    if r["designator"]:
        AC_TYPE_CODES.append(r["designator"])
AC_TYPE_CODES += ["C172", "PA28", "P28A", "BE36", "M20P", "DR40", "TBM9", "PA46", "A320", "B738", "C510",
                  "PC12", "E50P", "DA20", "DV20", "C208", "PA18", "J3", "CRUZ", "P208", "A210", "BE9L",
                  "C25A", "PC6T", "TB10", "TOBA", "S22T", "RV10", "FDCT", "AT3", "G115"]
AC_TYPE_CODES = sorted(set(AC_TYPE_CODES))
AC_TYPE_NAMES = sorted(set([r["name"] for r in CRUISE] + [
    "Cessna 172", "Piper Warrior", "Diamond DA40", "Robin DR400", "Cirrus SR22", "Beech Bonanza",
    "Pilatus PC-12", "Daher TBM 940", "Piper Cub", "Tecnam P2008", "Cessna Caravan", "Citation Mustang",
    "Embraer Phenom 100", "Piper Seneca", "Grob 115", "Extra 300", "Cessna 206", "Socata Rallye",
    "Robin DR401", "Aquila A210", "Piper Cherokee", "Jodel D140", "Pilatus Porter", "Diamond Katana",
    "Beechcraft Duchess", "Cessna 310", "Piper Comanche", "Mooney Ovation", "Cirrus Vision Jet"]))

PROFILES = ["C172S", "PA28", "C172S", "PA28", "C172", "PA28-181", "G-ABCD", "G-OPSF", "F-GKQB", "D-EFGH",
            "HB-KAT", "OO-ABC", "PH-XYZ", "EI-BCD", "F-HBCD", "D-EXYZ", "G-BOZI", "N123AB", "G-CDEF"]
REGS = ["G-ABCD", "G-OPSF", "F-GKQB", "D-EFGH", "HB-KAT", "OO-ABC", "PH-XYZ", "EI-BCD", "F-HBCD", "D-EXYZ",
        "G-BOZI", "G-CDEF", "F-GMTT", "D-ELMA", "G-BSFP", "HB-PPA", "OE-DLW", "I-ABCD", "EC-KJJ", "G-OFLY",
        "G-EEGU", "F-HAIR", "D-EHEF", "OY-ABC", "SE-LTP", "LN-ABC", "G-LEAF"]

AIRLINES = [  # (name, region)
    ("Ryanair", "eu"), ("Lufthansa", "eu"), ("Air France", "eu"), ("KLM", "eu"), ("Vueling", "eu"),
    ("Iberia", "eu"), ("TAP", "eu"), ("SAS", "eu"), ("Aer Lingus", "eu"), ("SWISS", "eu"),
    ("Eurowings", "eu"), ("Brussels Airlines", "eu"), ("Austrian", "eu"), ("ITA Airways", "eu"),
    ("Transavia", "eu"), ("Wizz Air", "eu"), ("Finnair", "eu"), ("Volotea", "eu"),
    ("BA", "uk"), ("British Airways", "uk"), ("Jet2", "uk"), ("Virgin Atlantic", "uk"), ("Loganair", "uk"),
    ("Emirates", "other"), ("Delta", "other"), ("United", "other"), ("Turkish Airlines", "other"),
    ("Qatar Airways", "other"), ("American Airlines", "other"), ("Air Canada", "other"),
    ("Pegasus", "other"), ("Royal Air Maroc", "other"),
]

# ----------------------------------------------------------------------------------------
# rendering engine
# ----------------------------------------------------------------------------------------
class Ctx:
    def __init__(self, style):
        self.args = {}
        self.style = style           # i instructor, p phone, n nonnative, m misc
        self.used = set()            # filter keys already used
        self.comma = style == "n" and p(0.5)
        self.nolower = False         # e.g. file paths: never change case
        self.mem = {}                # shared values between slots of one template

    def set(self, k, v):
        self.args[k] = v

    def setf(self, k, v):
        self.args.setdefault("filters", {})[k] = v
        self.used.add(k)


PH = re.compile(r"\{(\w+)\}")
STYLE_NAMES = {"i": "instructor", "p": "phone", "n": "nonnative", "m": "misc"}

def parse_tpl(t):
    if len(t) > 2 and t[1] == "|" and t[0] in "ipnm":
        return t[0], t[2:]
    return "m", t

def render(tpl, slots, ctx, typo_prob=0.05):
    # literal typo (never inside placeholders)
    parts = PH.split(tpl)     # even: literal, odd: placeholder names
    if ctx.style == "p":
        typo_prob *= 2.0
    if p(typo_prob):
        idx = [i for i in range(0, len(parts), 2) if re.search(r"[A-Za-z]{5,}", parts[i])]
        if idx:
            i = ch(idx)
            parts[i] = typo_text(parts[i])
    out = []
    for i, part in enumerate(parts):
        if i % 2 == 0:
            out.append(part)
        else:
            fn = slots[part]
            out.append(fn(ctx))
    s = "".join(out)
    s = re.sub(r"[ \t]+", " ", s)
    s = re.sub(r" ([,?.!:;])(?=\s|$)", r"\1", s)
    s = re.sub(r",,", ",", s)
    s = re.sub(r"\( ", "(", s)
    return s.strip()

NAME_KEYS = {"location_query", "from_location", "to_location", "icao_code", "icao", "query", "from",
             "to", "designator", "flight"}

def is_code_value(v):
    return bool(re.fullmatch(r"[A-Z0-9]{2,4}", v))

def lower_args(args):
    for k, v in list(args.items()):
        if k in NAME_KEYS and isinstance(v, str) and not is_code_value(v):
            args[k] = v.lower()
        elif k == "waypoints":
            args[k] = [w if is_code_value(w) else w.lower() for w in v]
    return args

def upper_args(args):
    for k, v in list(args.items()):
        if k in NAME_KEYS and isinstance(v, str):
            args[k] = v.upper()
        elif k == "waypoints":
            args[k] = [w.upper() for w in v]
    return args

def casing(text, ctx):
    if ctx.nolower:
        return text
    r = R.random()
    lower_p = {"p": 0.55, "n": 0.15, "i": 0.05, "m": 0.2}[ctx.style]
    if r < lower_p:
        lower_args(ctx.args)
        return text.lower()
    if r < lower_p + 0.015 and len(text) < 70:
        return text.upper()          # arguments keep their case (scoring is case-insensitive)
    if r < lower_p + 0.2 and text[:1].islower():
        return text[0].upper() + text[1:]
    return text

# ----------------------------------------------------------------------------------------
# slot values
# ----------------------------------------------------------------------------------------
def typed_code(code, ctx, lowp=None):
    if lowp is None:
        lowp = 0.35 if ctx.style == "p" else 0.12
    return code.lower() if p(lowp) else code

def municipality(r):
    m = re.split(r"[,/(]", r["municipality"] or "")[0].strip()
    if 3 <= len(m) <= 24 and not re.search(r"\d", m):
        return m
    return None

VALUE_CC = {}   # place value as generated -> ISO country (to make country restrictions plausible)

def town():
    k = R.random()
    n = None
    if k < 0.45:
        r = apt_weighted()
        n, cc = municipality(r), r["iso_country"]
    if n is None:
        n, cc, _ = ch(BIG_PLACES) if k < 0.8 else ch(PLACES)
    if p(0.2):
        n = strip_accents(n)
    VALUE_CC[n.lower()] = cc
    return n

def town_cc():
    src = BIG_PLACES if p(0.6) else PLACES
    n, cc, _ = ch(src)
    return n, cc

def apt_name():
    if p(0.5):
        n = ch(FAMOUS)
    else:
        n, ident = ch(NAMED)
        if p(0.5):
            n = short_name(n)
        VALUE_CC[n.lower()] = AIRPORTS[ident]["iso_country"]
    if p(0.12):
        n = strip_accents(n)
    if p(0.03):
        n = typo_word(n) if " " not in n else n
    return n

def latlon():
    r = ch(EU_APT)
    la, lo = float(r["latitude_deg"]), float(r["longitude_deg"])
    d = ch([1, 1, 2])
    return ("%.*f, %.*f" % (d, la, d, lo)) if p(0.8) else ("%.*f,%.*f" % (d, la, d, lo))

def place_ref(ctx, kinds=None):
    """a location as typed -> (text, arg value)"""
    kinds = kinds or [("town", 44), ("code", 30), ("name", 16), ("town_country", 6), ("latlon", 2), ("apt_suffix", 2)]
    k = wch(kinds)
    if k == "code":
        c = code_of()
        VALUE_CC[c.lower()] = AIRPORTS[c]["iso_country"]
        return typed_code(c, ctx), c
    if k == "name":
        n = apt_name()
        return n, n
    if k == "town_country":
        n, cc = town_cc()
        s = "%s, %s" % (n, CTRY_OF_CC.get(cc, cc))
        VALUE_CC[s.lower()] = cc
        return s, s
    if k == "latlon":
        s = latlon()
        return s, s
    if k == "apt_suffix":
        n = town()
        return n + ch([" airport", " Airport", " airfield"]), n
    n = town()
    return n, n

NOUNS_PL = [("airports", 30), ("airfields", 28), ("aerodromes", 8), ("fields", 7), ("strips", 4),
            ("airstrips", 4), ("apts", 3), ("places to land", 3), ("ADs", 1), ("landing fields", 2),
            ("airfileds", 1), ("airprots", 1), ("aerodroms", 1)]
NOUNS_SG = [("airport", 30), ("airfield", 28), ("aerodrome", 8), ("field", 7), ("strip", 4), ("airstrip", 3),
            ("place to land", 3), ("apt", 2)]

def noun_pl(ctx):
    if ctx.style == "p" and p(0.3):
        return ch(["apts", "fields", "airfields", "afs"]) if p(0.9) else "strips"
    if ctx.style == "n" and p(0.3):
        return ch(["aerodromes", "airfields", "aeroports", "airports"])
    return wch(NOUNS_PL)

def noun_sg(ctx):
    return wch(NOUNS_SG)

# --- filters ------------------------------------------------------------------------------
def runway_len(ctx):
    """-> (text, feet)"""
    if p(0.6):
        m = ch([400, 500, 600, 700, 800, 900, 1000, 1000, 1100, 1200, 1500, 1600, 1800, 2000, 2500])
        unit = ch(["m", " m", " metres", " meters", "m", " mtr"])
        return "%d%s" % (m, unit), int(round(m * 3.28084))
    ft = ch([1500, 1800, 2000, 2000, 2500, 2600, 3000, 3000, 3500, 4000, 5000, 6000])
    unit = ch([" ft", "ft", " feet", " ft"])
    return "%d%s" % (ft, unit), ft

FILTERS = {
    # key: (value, pre phrases, post phrases, bare phrases)
    "poe": ("point_of_entry", True,
            ["customs", "customs", "port of entry", "border-crossing", "customs-capable", "douane", "POE",
             "custums", "international (customs)"],
            ["with customs", "with customs", "with custums", "that have customs", "where I can clear customs",
             "with customs clearance", "that are ports of entry", "which are a border crossing point",
             "w/ customs", "with douane", "where customs is available", "with customs facilities",
             "that are designated points of entry", "with zoll", "where you can clear in", "with customs/immigration"],
            ["customs", "customs", "douane", "customs clearance", "border crossing", "a port of entry", "custom"]),
    "hard": ("has_hard_runway", True,
             ["paved", "paved", "hard-runway", "tarmac", "asphalt", "hard surface", "concrete"],
             ["with a paved runway", "with paved runways", "with hard runways", "with a tarmac runway",
              "with an asphalt runway", "with concrete runways", "with a hard surface runway", "w/ paved rwy",
              "with a hard runway", "with a runway in asphalt", "that are paved", "with a hard rwy"],
             ["a paved runway", "a hard runway", "tarmac", "asphalt", "paved rwy", "a hard surface"]),
    "grass": ("has_hard_runway", False,
              ["grass", "grass", "unpaved", "grass-runway"],
              ["with a grass runway", "with grass runways", "with an unpaved runway", "with a grass strip",
               "with grass only", "with runway in grass", "that are grass"],
              ["a grass runway", "grass", "an unpaved strip"]),
    "lit": ("has_lighted_runway", True,
            ["lit", "lighted", "night-capable", "lit-runway"],
            ["with runway lights", "with night lighting", "with a lit runway", "with lighted runways",
             "that are lit at night", "with rwy lighting", "with runway lighting", "with lights",
             "that have runway lighting", "w/ rwy lights", "with lighting for night"],
            ["runway lights", "night lighting", "a lit runway", "lighting", "rwy lights"]),
    "avgas": ("has_avgas", True,
              ["avgas", "100LL", "AVGAS"],
              ["with avgas", "that sell avgas", "with 100LL", "where I can get avgas", "with avgas 100LL",
               "that have 100LL", "w/ avgas", "with AVGAS", "selling 100LL", "where I can buy avgas",
               "where I can refuel with 100LL", "with avgaz"],
              ["avgas", "100LL", "avgas 100LL", "AVGAS"]),
    "jet": ("has_jet_a", True,
            ["Jet A", "jet fuel", "Jet A-1"],
            ["with jet A", "that sell jet fuel", "with Jet A-1", "where I can get jet fuel", "with JET A1",
             "with jet-a", "that have Jet A1", "w/ jet fuel"],
            ["jet A", "jet fuel", "Jet A1", "JET A-1"]),
    "ifr": ("has_procedures", True,
            ["IFR", "instrument", "IFR-capable"],
            ["with IFR approaches", "with instrument procedures", "with an instrument approach",
             "with published IFR procedures", "with instrument approaches", "with an IFR approach",
             "with IFR procedures", "w/ IFR approach", "with an approach procedure (IFR)",
             "that have instrument approaches"],
            ["an IFR approach", "instrument approaches", "IFR procedures", "an instrument approach"]),
}
FILTER_W = [("poe", 30), ("hard", 18), ("grass", 8), ("lit", 12), ("avgas", 14), ("jet", 5), ("ifr", 8),
            ("minrwy", 12), ("maxrwy", 3)]
FILTER_KEYS = {"poe": "point_of_entry", "hard": "has_hard_runway", "grass": "has_hard_runway",
               "lit": "has_lighted_runway", "avgas": "has_avgas", "jet": "has_jet_a", "ifr": "has_procedures",
               "minrwy": "min_runway_length_ft", "maxrwy": "max_runway_length_ft"}

def pick_filter(ctx, allowed=None):
    opts = [(k, w) for k, w in FILTER_W if FILTER_KEYS[k] not in ctx.used and (allowed is None or k in allowed)]
    if not opts:
        return None
    return wch(opts)

def filt_post_one(ctx, lead=True):
    k = pick_filter(ctx)
    if k is None:
        return ""
    if k == "minrwy":
        t, ft = runway_len(ctx)
        ctx.setf("min_runway_length_ft", ft)
        ph = ch(["with a runway of at least {L}", "with at least {L} of runway", "with runways longer than {L}",
                 "with a runway over {L}", "with rwy > {L}", "min runway {L}", "with {L} or more of runway",
                 "where the runway is at least {L}", "with a runway longer than {L}", "with min {L} runway",
                 "with more than {L} of runway", "runway {L}+", "having a runway of minimum {L}"])
        return ph.replace("{L}", t)
    if k == "maxrwy":
        t, ft = runway_len(ctx)
        ctx.setf("max_runway_length_ft", ft)
        ph = ch(["with a runway shorter than {L}", "with less than {L} of runway", "with a runway no longer than {L}",
                 "with runways under {L}", "with rwy < {L}", "with a runway of at most {L}", "max runway {L}"])
        return ph.replace("{L}", t)
    key, val, pre, post, bare = FILTERS[k]
    ctx.setf(key, val)
    s = ch(post)
    if not lead and s.startswith("with "):
        s = s[5:]
    return s

def filt_post(ctx, prob=0.5, two=0.25):
    if not p(prob):
        return ""
    s = filt_post_one(ctx)
    if not s:
        return ""
    if p(two):
        s2 = filt_post_one(ctx)
        if s2:
            if s2.startswith("with ") and p(0.5):
                s2 = s2[5:]
            s = s + ch([" and ", " and ", ", ", " & "]) + s2
    return " " + s

def filt_pre(ctx, prob=0.4):
    if not p(prob):
        return ""
    k = pick_filter(ctx, allowed={"poe", "hard", "grass", "lit", "avgas", "jet", "ifr"})
    if k is None:
        return ""
    key, val, pre, post, bare = FILTERS[k]
    ctx.setf(key, val)
    return ch(pre) + " "

def filt_bare(ctx):
    k = pick_filter(ctx, allowed={"poe", "hard", "grass", "lit", "avgas", "jet", "ifr", "minrwy"})
    if k == "minrwy":
        t, ft = runway_len(ctx)
        ctx.setf("min_runway_length_ft", ft)
        return ch(["%s of runway", "a %s runway", "rwy min %s", "at least %s of runway"]) % t
    key, val, pre, post, bare = FILTERS[k]
    ctx.setf(key, val)
    return ch(bare)

LARGE_PH = ["including the big ones", "include large airports", "big airports included", "incl. international airports",
            "also the large airports", "even the big international ones", "include the big airports too",
            "large airports too", "with the big airports as well", "including international airports",
            "also show the major airports", "include airline airports", "big ones included"]

def large(ctx):
    ctx.set("include_large_airports", True)
    return ch(LARGE_PH)

NEIGH = {"FR": "BE DE CH ES IT LU GB", "DE": "FR NL BE CH AT DK PL CZ LU", "GB": "FR IE BE NL",
         "CH": "FR DE IT AT", "AT": "DE CH IT CZ SK HU SI", "IT": "FR CH AT SI", "ES": "FR PT", "PT": "ES",
         "BE": "FR NL DE LU", "NL": "BE DE", "LU": "BE FR DE", "DK": "DE SE NO", "SE": "NO DK FI", "NO": "SE DK",
         "FI": "SE EE", "IE": "GB", "CZ": "DE AT PL SK", "PL": "DE CZ SK LT", "HR": "SI HU", "SI": "AT IT HR",
         "GR": "BG", "HU": "AT SK HR RO", "SK": "CZ AT HU PL", "JE": "GB FR", "GG": "GB FR", "IM": "GB IE"}

def plausible_cc(ctx, exclude=()):
    """a country for a restriction: mostly the searched place's own country or a neighbour"""
    cands = [VALUE_CC.get(v.lower()) for v in ctx.mem.values() if isinstance(v, str)]
    cands = [c for c in cands if c]
    if cands and p(0.8):
        base = ch(cands)
        opts = ([base] if base in COUNTRIES else []) * 2 + [c for c in NEIGH.get(base, "").split() if c in COUNTRIES]
        opts = [c for c in opts if c not in exclude]
        if opts:
            return ch(opts)
    return pick_cc(exclude)

def ctry_only(ctx):
    cc = plausible_cc(ctx)
    ctx.setf("country", cc)
    pats = ["only in {C}", "in {C} only", "{D} ones only", "on the {D} side only", "but only {D} ones",
            "only {D} airfields", "just the ones in {C}", "only those in {C}", "restricted to {C}",
            "(only {D})", "- {D} only", "only in {C} please"]
    return ch(pats).replace("{C}", country_name(cc)).replace("{D}", demonym(cc).lower() if p(0.4) else demonym(cc))

# --- numbers ------------------------------------------------------------------------------
def dist(ctx, key="max_distance_nm"):
    u = wch([("nm", 40), ("km", 25), ("miles", 14), ("sm", 5), ("NM", 10), ("naut", 6)])
    if u in ("nm", "NM", "naut", "miles"):
        v = ch([5, 10, 10, 15, 15, 20, 20, 25, 30, 30, 40, 50, 60, 75, 80, 100, 12, 8, 35, 45])
        ctx.set(key, v)
        if u == "nm":
            return "%d%s" % (v, ch([" nm", "nm", " nm", " NM"]))
        if u == "NM":
            return "%d NM" % v
        if u == "naut":
            return "%d %s" % (v, ch(["nautical miles", "nautical mile", "naut. miles"]))
        return "%d %s" % (v, ch(["miles", "miles", "mi"]))
    if u == "km":
        v = ch([10, 15, 20, 25, 30, 40, 50, 60, 75, 80, 100, 120, 150])
        ctx.set(key, r1(v / 1.852))
        return "%d%s" % (v, ch([" km", "km", " kilometres", " kilometers", " kms", "km"]))
    v = ch([10, 15, 20, 25, 30, 40, 50, 60])
    ctx.set(key, r1(v * 0.869))
    return "%d %s" % (v, ch(["statute miles", "SM", "sm", "statute mi"]))

NUM_WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 10: "ten", 12: "twelve"}

def count(ctx):
    v = ch([2, 3, 3, 4, 5, 5, 6, 8, 10, 10, 12, 15, 20, 7])
    ctx.set("max_results", v)
    if v in NUM_WORDS and p(0.15):
        return NUM_WORDS[v]
    return str(v)

def speed(ctx, key="cruise_speed_kts"):
    v = ch([90, 95, 100, 100, 105, 110, 110, 115, 120, 120, 125, 130, 135, 140, 150, 160, 170, 180, 200, 85])
    ctx.set(key, v)
    f = ch(["%d kts", "%d kt", "%d knots", "%dkt", "%dkts", "%d KTAS", "%d kn", "%d kts", "%d knots"])
    return f % v

def aircraft(ctx, key="aircraft_type"):
    s, d = ch(AC_ROUTE)
    ctx.set(key, d)
    return s

def leg_hours(ctx):
    v = ch([1, 1.5, 1.5, 2, 2, 2.5, 3, 0.75, 1.25, 3.5, 4])
    ctx.set("max_leg_time_hours", v)
    if v == 0.75 and p(0.7):
        return "45 minutes"
    if v == 1.5 and p(0.3):
        return "90 minutes"
    if v == 1.25 and p(0.5):
        return "1h15"
    u = ch([" hours", " h", "h", " hrs", " hours", " hr"])
    if v == 1:
        u = ch([" hour", "h", " hr"])
    return fmt_num(v, ctx.comma) + u

DAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
DAY_ABBR = {"monday": "Mon", "tuesday": "Tue", "wednesday": "Wed", "thursday": "Thu", "friday": "Fri",
            "saturday": "Sat", "sunday": "Sun"}

def day(ctx, key="day_of_week"):
    d = ch(DAYS) if p(0.6) else ch(["saturday", "sunday"])
    ctx.set(key, d)
    if ctx.style == "p" and p(0.3):
        return DAY_ABBR[d]
    return d.capitalize() if p(0.55) else d

def temp(ctx, key="temperature_c"):
    if p(0.12):
        f = ch([59, 68, 77, 86, 90, 95, 100, 104, 50, 41])
        ctx.set(key, r1((f - 32) * 5 / 9))
        return ch(["%d°F", "%dF", "%d °F", "%d degrees F", "%d Fahrenheit"]) % f
    if ctx.comma and p(0.5):
        v = ch([22.5, 27.5, 32.5, 31.5, 18.5, 35.5, 29.5])
        ctx.set(key, v)
        return ch(["%s°C", "%s °C", "%s degrees"]) % fmt_num(v, True)
    v = ch([-10, -5, -2, 0, 5, 8, 10, 12, 15, 18, 20, 22, 24, 25, 26, 28, 30, 30, 32, 33, 35, 36, 38, 40])
    ctx.set(key, v)
    if v < 0:
        return ch(["%d°C" % v, "minus %d degrees" % -v, "%dC" % v, "-%d degrees" % -v])
    return ch(["%d°C", "%d °C", "%dC", "%d degrees", "%d deg", "%d°", "%d celsius", "OAT %d", "+%d", "%d degC"]) % v

def qnh(ctx):
    v = ch([985, 992, 998, 1002, 1005, 1008, 1009, 1011, 1013, 1015, 1017, 1019, 1021, 1024, 1028, 1031])
    ctx.set("qnh_hpa", v)
    return ch(["QNH %d", "QNH %d", "qnh %d", "%d hPa", "%d hpa", "Q%d", "QNH %d hPa", "%d mb", "pressure %d hPa"]) % v

def inhg(ctx):
    v = ch([29.42, 29.65, 29.80, 29.92, 29.92, 30.01, 30.12, 30.25, 29.74, 30.05])
    ctx.set("altimeter_inhg", v)
    s = "%.2f" % v
    return ch([s, s + " inHg", "altimeter " + s, s + " in", "A" + s.replace(".", ""), "baro " + s])

def pressure(ctx):
    return qnh(ctx) if p(0.8) else inhg(ctx)

def elev(ctx, key="elevation_ft"):
    if p(0.25):
        m = ch([500, 800, 1000, 1200, 1500, 1800, 2000])
        ctx.set(key, int(round(m * 3.28084)))
        return ch(["%d m", "%dm", "%d metres"]) % m
    v = ch([500, 1200, 2000, 2500, 3000, 3500, 4000, 4200, 5000, 5500, 6000, 6500, 7000, 8000, 1500, 2700])
    ctx.set(key, v)
    return ch(["%d ft", "%dft", "%d feet", "%d' "]) % v

def runway(ctx, key="runway"):
    n = R.randrange(1, 37)
    s = "%02d" % n
    if p(0.15):
        s += ch(["L", "R", "L", "R", "C"]) if n not in (18, 36) or p(0.5) else ""
    ctx.set(key, s)
    return s

def wind(ctx, key="wind", gust_p=0.25, vrb_p=0.03):
    if p(vrb_p):
        s = R.randrange(2, 7)
        ctx.set(key, "VRB/%02d" % s)
        return ch(["VRB%02dKT" % s, "variable %d kt" % s, "VRB/%02d" % s])
    d = R.randrange(1, 37) * 10
    s = R.randrange(4, 31)
    g = s + R.randrange(6, 16) if p(gust_p) else None
    val = "%03d/%02d" % (d, s) + ("G%02d" % g if g else "")
    ctx.set(key, val)
    k = R.randrange(9)
    if k == 0:
        return "%03d/%d" % (d, s) + ("G%d" % g if g else "")
    if k == 1:
        return "%03d at %d" % (d, s) + (" gusting %d" % g if g else "")
    if k == 2:
        return "%03d%02d%sKT" % (d, s, "G%02d" % g if g else "")
    if k == 3:
        return "%03d° %d kt" % (d, s) + (" gust %d" % g if g else "")
    if k == 4:
        return "%d degrees %d knots" % (d, s) + (" gusting %d" % g if g else "")
    if k == 5:
        return "%03d/%02dkt" % (d, s) + (" G%d" % g if g else "")
    if k == 6:
        return "from %03d at %d kts" % (d, s) + (", gusts %d" % g if g else "")
    if k == 7:
        return "%03d/%02d" % (d, s) + ("G%02d" % g if g else "")
    return "%d/%d" % (d, s) + (" G%d" % g if g else "") if d >= 100 else "%03d/%d" % (d, s) + (" G%d" % g if g else "")

def weight(ctx):
    if p(0.55):
        v = ch([850, 900, 950, 1000, 1050, 1100, 1150, 1055, 980, 1090])
        ctx.set("weight", v); ctx.set("weight_unit", "kg")
        return ch(["%d kg", "%dkg", "%d kilos"]) % v
    v = ch([2000, 2200, 2300, 2400, 2450, 2550, 2150, 2325])
    ctx.set("weight", v); ctx.set("weight_unit", "lb")
    return ch(["%d lb", "%d lbs", "%dlb", "%d pounds"]) % v

def prof(ctx, key="aircraft"):
    v = ch(PROFILES)
    ctx.set(key, v)
    return v

def apt_ref(ctx, key, kinds=None):
    kinds = kinds or [("code", 62), ("name", 28), ("town", 10)]
    k = wch(kinds)
    if k == "code":
        c = code_of()
        ctx.set(key, c)
        return typed_code(c, ctx)
    if k == "name":
        n = apt_name()
        ctx.set(key, n)
        return n
    n = town()
    ctx.set(key, n)
    return n

def code_ref(ctx, key, pool=None):
    c = ch(pool) if pool else code_of()
    ctx.set(key, c)
    return typed_code(c, ctx)

# ----------------------------------------------------------------------------------------
# composed reports: METAR / TAF / NOTAM
# ----------------------------------------------------------------------------------------
WX = ["-RA", "RA", "+RA", "-SHRA", "SHRA", "+SHRA", "BR", "FG", "-DZ", "DZ", "TSRA", "+TSRA", "VCSH", "-SN",
      "SN", "HZ", "-RADZ", "BCFG", "MIFG", "VCTS", "-TSRA", "FZFG", "-SHSN", "RASN"]

def metar_wind(kind="metar"):
    r = R.random()
    if r < 0.06:
        return "00000KT"
    if r < 0.14:
        return "VRB%02dKT" % R.randrange(1, 6)
    d = R.randrange(1, 37) * 10
    s = R.randrange(3, 28)
    w = "%03d%02d" % (d, s)
    if p(0.25):
        w += "G%02d" % (s + R.randrange(8, 18))
    w += "KT" if p(0.93) else "MPS"
    if p(0.1):
        w += " %03dV%03d" % ((d - 40) % 360 or 360, (d + 40) % 360 or 360)
    return w

def clouds():
    r = R.random()
    if r < 0.15:
        return ch(["NSC", "SKC", "FEW045", "NCD"])
    layers = []
    base = ch([2, 3, 4, 6, 8, 10, 12, 14, 15, 18, 20, 25, 28, 30, 35, 40, 45])
    for kind in ch([["FEW"], ["SCT"], ["BKN"], ["OVC"], ["FEW", "BKN"], ["SCT", "BKN"], ["FEW", "SCT", "BKN"],
                    ["BKN", "OVC"]]):
        layers.append("%s%03d" % (kind, base) + ("CB" if p(0.06) else ""))
        base += ch([5, 10, 15, 20])
    return " ".join(layers)

def temps():
    t = R.randrange(-8, 34)
    d = t - R.randrange(0, 12)
    f = lambda x: ("M%02d" % -x) if x < 0 else "%02d" % x
    return "%s/%s" % (f(t), f(d))

def metar(station=None, dd=None):
    st = station or code_of()
    dd = dd or R.randrange(1, 29)
    hh, mm = R.randrange(0, 24), ch([20, 50, 0, 30, 45, 15])
    us = st.startswith("K")
    parts = []
    if p(0.25):
        parts.append(ch(["METAR", "METAR", "SPECI"]))
    parts += [st, "%02d%02d%02dZ" % (dd, hh, mm)]
    if p(0.1):
        parts.append("AUTO")
    parts.append(metar_wind())
    if p(0.22) and not us:
        parts.append("CAVOK")
    else:
        if us:
            parts.append(ch(["10SM", "6SM", "3SM", "1 1/2SM", "10SM"]))
        else:
            vis = ch(["9999", "9999", "9999", "8000", "6000", "5000", "4000", "3000", "2500", "1500", "0800", "0400"])
            parts.append(vis)
            if vis in ("0800", "0400") and p(0.5):
                parts.append("R%02d/%04dN" % (R.randrange(1, 37), int(vis) + 200))
        if p(0.4):
            parts.append(ch(WX))
        parts.append(clouds() if p(0.93) else "VV%03d" % R.randrange(1, 5))
    parts.append(temps())
    if us:
        parts.append("A%d" % ch([2992, 2998, 3001, 2985, 3012, 2979]))
    else:
        parts.append("Q%04d" % R.randrange(985, 1035))
    if p(0.45) and not us:
        parts.append(ch(["NOSIG", "NOSIG", "NOSIG", "BECMG 4000 BR", "TEMPO 3000 SHRA", "BECMG BKN010",
                         "TEMPO %03d%02dG%02dKT" % (R.randrange(1, 37) * 10, R.randrange(15, 25), R.randrange(30, 45)),
                         "TEMPO %04d %s" % (ch([1500, 2000, 3000, 4000]), ch(WX)), "BECMG %s" % clouds(),
                         "BECMG NSW", "TEMPO FEW008", "BECMG 9999"]))
    if us and p(0.7):
        parts.append("RMK AO2 SLP%03d" % R.randrange(100, 250))
    return " ".join(parts)

def taf(station=None):
    st = station or code_of()
    dd = R.randrange(1, 28)
    hh = ch([5, 11, 17, 23, 8, 14])
    start = ch([hh + 1, (hh + 1) % 24])
    parts = ["TAF"] if p(0.8) else []
    if p(0.12):
        parts.append(ch(["AMD", "COR"]))
    parts += [st, "%02d%02d00Z" % (dd, hh)]
    end_d = dd + 1
    dur = ch([24, 24, 30, 9])
    if dur == 9:
        parts.append("%02d%02d/%02d%02d" % (dd, start, dd if start + 9 < 24 else end_d, (start + 9) % 24))
    else:
        parts.append("%02d%02d/%02d%02d" % (dd, start, end_d, (start + dur - 24) % 24 if dur == 30 else start))
    parts.append(metar_wind().replace(" ", " "))
    parts.append(ch(["9999", "9999", "CAVOK", "6000", "8000", "4000"]))
    if parts[-1] != "CAVOK":
        parts.append(clouds())
    for _ in range(R.randrange(1, 4)):
        off = R.randrange(1, 18)
        a = start + off
        d1, h1 = (dd, a) if a < 24 else (end_d, a - 24)
        b = a + R.randrange(2, 6)
        d2, h2 = (dd, b) if b < 24 else (end_d, b - 24)
        dh = "%02d%02d/%02d%02d" % (d1, h1, d2, h2)
        grp = ch(["TEMPO", "BECMG", "PROB30 TEMPO", "PROB40", "TEMPO", "PROB30", "FM"])
        if grp == "FM":
            parts.append("FM%02d%02d00 %s 9999 %s" % (d1, h1, metar_wind(), clouds()))
            continue
        body = []
        if p(0.4):
            body.append(metar_wind())
        body.append(ch(["3000", "4000", "7000", "1500", "0800", "9999", "2000"]))
        if p(0.7):
            body.append(ch(WX))
        body.append(clouds())
        parts.append("%s %s %s" % (grp, dh, " ".join(body)))
    return " ".join(parts)

FIR = {"LF": ["LFFF", "LFMM", "LFRR", "LFEE", "LFBB"], "EG": ["EGTT", "EGPX"], "ED": ["EDGG", "EDMM", "EDWW"],
       "ET": ["EDWW"], "LS": ["LSAS"], "EB": ["EBBU"], "EH": ["EHAA"], "LO": ["LOVV"], "LI": ["LIMM", "LIRR", "LIBB"],
       "LE": ["LECM", "LECB"], "EK": ["EKDK"], "ES": ["ESAA"], "EN": ["ENOR"], "EI": ["EISN"], "LP": ["LPPC"],
       "EL": ["ELLX"], "EP": ["EPWW"], "LK": ["LKAA"], "LD": ["LDZO"], "LJ": ["LJLA"], "LG": ["LGGG"],
       "LH": ["LHCC"], "LZ": ["LZBB"], "EF": ["EFIN"]}

def notam_id():
    return "%s%04d/%s" % (ch("ABCDEFGJ"), R.randrange(1, 9999), ch(["25", "26", "26", "26"]))

def dm(x, lat):
    x2 = abs(x)
    d = int(x2)
    m = int(round((x2 - d) * 60))
    if m == 60:
        d, m = d + 1, 0
    if lat:
        return "%02d%02d%s" % (d, m, "N" if x >= 0 else "S")
    return "%03d%02d%s" % (d, m, "E" if x >= 0 else "W")

def notam(station=None):
    st = station or code_of()
    a = AIRPORTS[st]
    fir = ch(FIR.get(st[:2], [st[:2] + "XX"]))
    rw1 = R.randrange(1, 19)
    rws = "%02d/%02d" % (rw1, rw1 + 18)
    q, e, scope = ch([
        ("QMRLC", "RWY %s CLSD DUE TO WORKS" % rws, "IV/NBO/A"),
        ("QMRLC", "RWY %s CLSD" % rws, "IV/NBO/A"),
        ("QMXLC", "TWY %s CLSD" % ch("ABCDEFGKL"), "IV/M/A"),
        ("QMXLC", "TWY %s CLSD BTN HOLDING POINT %s1 AND %s2 DUE WIP" % ((ch("ABCD"),) * 3), "IV/M/A"),
        ("QOBCE", "CRANE ERECTED %s %s HGT %dFT AMSL" % (dm(float(a["latitude_deg"]), True),
                                                         dm(float(a["longitude_deg"]), False), R.randrange(150, 600)), "IV/M/AE"),
        ("QLRAS", "RWY %s EDGE LGT U/S" % rws, "IV/NBO/A"),
        ("QLPAS", "PAPI RWY %02d U/S" % rw1, "IV/NBO/A"),
        ("QICAS", "ILS RWY %02d U/S" % rw1, "I/NBO/A"),
        ("QNVAS", "VOR %s U/S" % (st[1:4]), "IV/BO/AE"),
        ("QFAHX", "AD HR OF OPS: MON-FRI 0700-1900, SAT-SUN 0800-1700", "IV/NBO/A"),
        ("QFALC", "AD CLSD EXC PPR", "IV/NBO/A"),
        ("QFUAU", "FUEL AVGAS 100LL NOT AVBL", "IV/NBO/A"),
        ("QMPLC", "APRON %s CLSD FOR PARKING" % ch(["NORTH", "SOUTH", "GA", "1", "2"]), "IV/M/A"),
        ("QWPLW", "PARACHUTE JUMPING EXERCISE WI 2NM RADIUS OF %s" % st, "IV/BO/W"),
        ("QWGLW", "GLIDER FLYING INTENSE ACTIVITY", "IV/BO/W"),
        ("QRTCA", "TEMPORARY RESTRICTED AREA ACTIVE DUE TO AIR DISPLAY", "IV/BO/W"),
        ("QSTAH", "TWR HR OF SER 0800-1800", "IV/B/A"),
        ("QPICH", "RNP APPROACH RWY %02d CHANGED, SEE AIP SUP" % rw1, "I/NBO/A"),
        ("QCACS", "TWR FREQ 118.%03d U/S, USE 119.%03d" % (R.randrange(0, 1000, 5), R.randrange(0, 1000, 5)), "IV/B/A"),
        ("QMNHW", "WIP ON APRON, CAUTION", "IV/M/A"),
    ])
    nid = notam_id()
    mo, dd, h0 = R.randrange(1, 13), R.randrange(1, 28), R.randrange(0, 20)
    t0 = "26%02d%02d%02d00" % (mo, dd, h0)
    t1 = ("26%02d%02d%02d00" % (mo, dd, R.randrange(h0 + 1, 24))) if p(0.5) else \
        ("26%02d%02d2359" % (mo if mo == 12 else mo + 1, R.randrange(1, 29)))
    kind = ch(["NOTAMN", "NOTAMN", "NOTAMN", "NOTAMR " + notam_id(), "NOTAMC " + notam_id()])
    ql = "%s/%s/%s/000/%03d/%s%s005" % (fir, q, scope, ch([999, 999, 50, 30]), dm(float(a["latitude_deg"]), True),
                                        dm(float(a["longitude_deg"]), False))
    body = "%s %s Q) %s A) %s B) %s C) %s%s E) %s" % (nid, kind, ql, st, t0, t1, " EST" if p(0.1) else "", e)
    if p(0.35):
        body = "(" + body + ")"
    return body, nid

# ----------------------------------------------------------------------------------------
# slot tables
# ----------------------------------------------------------------------------------------
def base_slots():
    return {
        "noun": noun_pl,
        "noun1": noun_sg,
        "pre": lambda c: filt_pre(c, 0.4),
        "post": lambda c: filt_post(c, 0.5),
        "PRE": lambda c: filt_pre(c, 1.0),
        "POST": lambda c: filt_post(c, 1.0, 0.2),
        "bare": filt_bare,
        "large": large,
        "ctryonly": ctry_only,
        "dist": dist,
        "n": count,
    }

def _country_q(c):
    cc = pick_cc()
    c.set("query", cc)
    return country_name(cc)

def _dem_q(c):
    cc = pick_cc()
    c.set("query", cc)
    d = demonym(cc)
    return d.lower() if p(0.3) else d

def _name_q(c):
    n = apt_name()
    c.set("query", n)
    return n

def _code_q(c):
    return code_ref(c, "query")

def _iata_q(c):
    r = ch(AIRLINE_APTS)
    c.set("query", r["iata_code"])
    return r["iata_code"] if p(0.8) else r["iata_code"].lower()

def _town_q(c):
    n = town()
    c.set("query", n)
    return n

REGIONS = ["Bretagne", "Normandie", "Brittany", "Normandy", "Provence", "Corsica", "Corse", "Bavaria", "Bayern",
           "Tuscany", "Toscana", "Sardinia", "Sicily", "Alsace", "Dordogne", "Auvergne", "Cornwall", "Yorkshire",
           "Kent", "Tyrol", "Tirol", "Valais", "Ticino", "Catalonia", "Andalusia", "Algarve", "Jutland", "Zeeland"]

def _region_q(c):
    r = ch(REGIONS)
    c.set("query", r)
    return r

def search_slots():
    d = base_slots()
    d.update({"country": _country_q, "dem": _dem_q, "name": _name_q, "code": _code_q, "iata": _iata_q,
              "town": _town_q, "region": _region_q})
    return d

S_SEARCH = [
    # country / demonym
    "airports in {country}{post}",
    "{dem} {noun}{post}",
    "i|Please list all the {pre}{noun} in {country}{post}.",
    "what {noun} exist in {country}?",
    "show me {n} {pre}{noun} in {country}",
    "p|{pre}{noun} in {country} pls",
    "can you list {dem} {noun}{post}",
    "I need a list of {pre}{noun} in {country}",
    "n|the airfields of {country}{post}",
    "n|which are the {dem} airports{post}?",
    "give me {dem} {PRE}{noun}",
    "p|search {noun} {country}{post}",
    "p|apts in {country} w/ {bare}",
    "p|{country} airfields list",
    "what {noun} does {country} have{post}",
    "all {dem} {noun}{post}, max {n}",
    "looking for {PRE}{noun} in {country}",
    "{country}: {pre}{noun}{post}?",
    "find {noun} in {country} {large}",
    "n|there are airfields in {country}{post}?",
    "n|I search aerodromes in {country}{POST}",
    "n|please list me the {dem} {noun}{post}",
    "any {PRE}{noun} in {country}?",
    "p|{dem} {pre}fields",
    "i|I'm planning a trip to {country}. Which {noun} there{POST}?",
    "list {noun} located in {country}{post}",
    "what are the {dem} {noun}{POST}",
    "top {n} {noun} in {country}",
    "p|{country} {bare}",
    "n|give me all aerodromes in {country} who have {bare}",
    "{PRE}{noun} of {country}",
    "m|where in {country} can I land{POST}?",
    "p|list {dem} {noun} {large}",
    "i|Could you search the database for {noun} in {country}{POST}?",
    "{noun} in {region}{post}",
    'n|the airfields of {region} with douane@@{"filters": {"point_of_entry": true}}',
    'customs airports in {country}@@{"filters": {"point_of_entry": true}}',
    'n|where are the aerodromes with douane in {country}?@@{"filters": {"point_of_entry": true}}',
    'grass strips in {country}{post}@@{"filters": {"has_hard_runway": false}}',
    'p|{dem} grass strips@@{"filters": {"has_hard_runway": false}}',
    # names / codes
    "search for {name}",
    "p|find {name}",
    "look up {name}",
    "what's the ICAO code for {name}",
    "p|icao for {name}?",
    "does an airfield named {name} exist?",
    "n|what is the code of the airport of {name}",
    "IATA {iata} belongs to which airport?",
    "p|search {code}",
    "find {code} pls",
    "p|{name} icao code?",
    "code for {name} airfield",
    "I'm looking for an airfield named {name}",
    "do you know an aerodrome called {name}",
    "n|which is the ICAO of {name}?",
    "lookup {name} airport",
    "iata code for {name}",
    "search airport {name}",
    "which airport is {code}?",
    "find me airfields named {name}",
    "search the database for {name}",
    "i|What is the four-letter ICAO identifier of {name}?",
    "p|{iata} is which airport",
    "airport called {name}, what's its code",
    "n|how is called in ICAO the airport {name}?",
    "is {name} in your airport list?",
    "what's the IATA for {name}",
    "which airport serves {town}",
    "n|the airport of {town}, which code has?",
    "p|code {name}",
    "search: {name}",
    "m|do you have {name} in the database",
    "what does the code {code} stand for",
    "p|whats {iata}",
]

def near_slots():
    d = base_slots()
    d["loc"] = lambda c: _set_place(c, "location_query")
    return d

def _set_place(c, key, kinds=None):
    t, v = place_ref(c, kinds)
    # keep both route ends different
    guard = 0
    while v in c.mem.values() and guard < 5:
        t, v = place_ref(c, kinds)
        guard += 1
    c.mem[key] = v
    c.set(key, v)
    return t

S_NEAR = [
    "{pre}{noun} near {loc}{post}",
    "{noun} around {loc}",
    "what's near {loc} that has {bare}",
    "closest {noun1} to {loc}",
    "nearest {pre}{noun1} to {loc}{post}",
    "{n} closest {noun} to {loc}",
    "the {n} {noun} closest to {loc}",
    "{noun} within {dist} of {loc}{post}",
    "any {pre}{noun} within {dist} of {loc}?",
    "where could I put down near {loc}{post}",
    "somewhere to land near {loc}{POST}",
    "{pre}{noun} in the vicinity of {loc}",
    "what airfields are there around {loc}",
    "p|{loc} nearby apts{post}",
    "{loc}: nearby {noun}, {large}",
    "I'm near {loc}, where's the nearest {PRE}strip?",
    "p|apts nr {loc} w/ {bare}",
    "{noun} around {loc}, max {dist}",
    "show me {pre}{noun} near {loc} within {dist}",
    "is there any {noun1} near {loc}{POST}",
    "n|which are the aerodromes next to {loc}?",
    "n|the nearest aerodromes of {loc}{post}",
    "n|I search an airfield close of {loc}{POST}",
    "p|{noun} near {loc} pls",
    "p|fields {dist} around {loc}",
    "alternate airfields around {loc}{post}",
    "diversion options close to {loc}{post}",
    "list {n} {noun} near {loc}",
    "p|{loc} - {pre}{noun} within {dist}?",
    "need an airfield near {loc}{POST}",
    "where's the closest place to land to {loc}",
    "got anything with {bare} around {loc}?",
    "find {pre}{noun} close to {loc}{post}",
    "{noun} surrounding {loc}",
    "give me the {n} nearest {noun} to {loc}",
    "looking for a {PRE}strip around {loc}",
    "i|I'll be visiting {loc}. Which airfield is closest?",
    "i|Flying to see friends in {loc} - where can I land nearby{post}?",
    "p|near {loc}: {pre}{noun}",
    "{noun} next to {loc}",
    "closest {pre}{noun} to {loc} within {dist}{post}",
    "{noun} near {loc}, {ctryonly}",
    "nearest {noun} to {loc}, {ctryonly}",
    "alternates within {dist} of {loc}",
    "{PRE}{noun} {dist} from {loc}",
    "n|there is an aerodrome near to {loc}{post}?",
    "n|which airfields are in the surroundings of {loc}{post}",
    "i|What are my options for landing within {dist} of {loc}{post}?",
    "m|show airports close by {loc}{post}, {n} results",
    "p|closest {bare} field to {loc}",
    "{loc} area airfields{post}",
    'airfields near {loc} incl big ones@@{"include_large_airports": true}',
    'grass strips close to {loc}{post}@@{"filters": {"has_hard_runway": false}}',
    'p|customs apt nr {loc}@@{"filters": {"point_of_entry": true}}',
    'i|Where is the nearest customs airport to {loc}?@@{"filters": {"point_of_entry": true}}',
    'n|I need the douane, which aerodrome near {loc} has it?@@{"filters": {"point_of_entry": true}}',
    'nearest field with fuel (100LL) to {loc}@@{"filters": {"has_avgas": true}}',
    "p|nearest af {loc}",
    "i|Which airports lie within a {dist} radius of {loc}{post}?",
    "is there somewhere{post} I can land near {loc}?",
    "what's the nearest airport to {loc}? {ctryonly}",
    "{n} {PRE}{noun} around {loc}",
    "n|give me aerodromes at maximum {dist} from {loc}",
]

def route_slots(with_pre=True):
    d = base_slots()
    kinds = [("code", 45), ("town", 30), ("name", 20), ("town_country", 5)]
    d["f"] = lambda c: _set_place(c, "from_location", kinds)
    d["t"] = lambda c: _set_place(c, "to_location", kinds)
    d["spd"] = lambda c: speed(c, "cruise_speed_kts")
    d["ac"] = lambda c: aircraft(c, "aircraft_type")
    d["h"] = leg_hours
    return d

S_ROUTE = [
    "{pre}{noun} along the route {f} {t}{post}",
    "where should I refuel between {f} and {t}",
    "{pre}{noun} on the way from {f} to {t}{post}",
    "route {f} {t}, {noun} within {dist}",
    "p|{f} → {t} stops{post}",
    "stopover ideas {f} to {t}{post}",
    "{noun} en route {f} to {t}",
    "landing options between {f} and {t}{post}",
    "heading from {f} to {t}; list {n} {noun} I pass on the way",
    "alternates on {f}-{t}, {dist} max",
    "I want to stop every {h} between {f} and {t}, cruising {spd}",
    "fuel stop options {f} to {t} flying a {ac}",
    "p|corridor {dist} {f} {t}",
    "what {PRE}{noun} are there on my route from {f} to {t}",
    "{f} to {t} - refuel options{post} en route?",
    "diversion options on the leg {f} to {t}",
    "i|I'd like to split the journey from {f} to {t}; any {PRE}fields roughly halfway?",
    "{noun} within {dist} of the route from {f} to {t}{post}",
    "stops for {f}-{t}, {ac}, {spd}",
    "best {n} fields{post} between {f} and {t}",
    'airports where I can cross the border flying {f} to {t}@@{"filters": {"point_of_entry": true}}',
    'where can I do customs on a {f} to {t} flight@@{"filters": {"point_of_entry": true}}',
    'i|I need to clear customs somewhere between {f} and {t}. Options?@@{"filters": {"point_of_entry": true}}',
    'p|customs stop {f} {t}@@{"filters": {"point_of_entry": true}}',
    'n|where I can do the douane between {f} and {t}?@@{"filters": {"point_of_entry": true}}',
    'night stop with lit runway between {f} and {t}@@{"filters": {"has_lighted_runway": true}}',

    "technical stop between {f} and {t}{post}",
    "p|halfway fields {f}-{t}",
    "suggest a refuelling stop on {f} to {t}{post}",
    "p|{f}-{t}: where to stop{post}?",
    "along my track {f} {t}, {pre}{noun} within {dist}",
    "n|which are the airfields on the road from {f} to {t}?",
    "n|I go from {f} to {t}, where I can make a stop{post}?",
    "n|the aerodromes near the line {f} {t}{post}",
    "stops en route {f} {t} with legs no longer than {h}",
    "legs of max {h} from {f} to {t} at {spd}",
    "plan fuel stops {f} to {t} for a {ac}",
    "in my {ac}, what stops between {f} and {t}{post}",
    "p|alternates on route {f}/{t}",
    "p|{noun} off track {f} {t}, max {dist}",
    "any {PRE}strips en-route {f} to {t}?",
    "flying from {f} down to {t} tomorrow, good stops{post}?",
    "what's along the way between {f} and {t}{POST}",
    "p|enroute {noun} {f} {t}",
    "give me {n} stops from {f} to {t}",
    "{noun} near route {f} {t}{post}",
    "route {f} to {t}, {large}",
    "which {noun} lie between {f} and {t}{POST}",
    "intermediate airfields {f}→{t}",
    "stop over between {f} and {t}, {ctryonly}",
    "somewhere to stop on the {f} {t} leg{post}",
    "p|{f} {t} stops {ctryonly}",
    "en route options {f} - {t} within {dist} of track",
    "i|I'm planning {f} to {t} at {spd}. Where could I break the journey so that no leg exceeds {h}?",
    "i|Which airports with {bare} are within {dist} of a direct line from {f} to {t}?",
    "m|{ac} trip {f} to {t}, need fuel stops",
    "n|for go from {f} to {t}, where is possible to stop{post}?",
    "p|stops {f} {t} {ac} {spd}",
    "airports on the way from {f} to {t}{POST}",
    "fuel stops between {f} and {t}, legs of {h} max",
    "where to refuel between {f} and {t} in a {ac} cruising {spd}",
    "show the {n} best stops along {f} to {t}{post}",
    "{pre}{noun} on the direct route {f} {t}",
    "n|aerodromes in the corridor {f} - {t} of {dist}",
    "i|Can you find {noun} along the great-circle route {f} to {t}{POST}?",
]

def dist_slots():
    d = route_slots()
    return d

S_DIST = [
    "what's the distance from {f} to {t}",
    "p|distance {f} {t}",
    "p|dist {f} {t}",
    "flight time from {f} to {t} at {spd}",
    "how long would a {ac} take from {f} to {t}",
    "what's the course from {f} to {t}",
    "how many nm {f} to {t}",
    "how many miles is it {f} to {t}",
    "p|bearing from {f} to {t}?",
    "time enroute for {f}-{t} at {spd}",
    "how far is {T} from {F}",
    "p|ETE for {f} {t} @ {spd}",
    "distance between {f} and {t}",
    "how long is a {ac} flight from {f} to {t}",
    "which course do I steer from {f} to {t}",
    "p|{f} to {t}, how many nm",
    "distance + time {f} {t}, {spd}",
    "flying time for a {ac} from {f} to {t}",
    "great-circle dist {f}/{t}",
    "nautical miles from {f} to {t}?",
    "TC {f} → {t}?",
    "cruising {spd}, what's my time from {f} to {t}?",
    "p|dist {f}-{t} pls",
    "n|which is the distance between {f} and {t}?",
    "n|how much time from {f} to {t} with {spd}",
    "how many km from {f} to {t}",
    "what's the distance {f}-{t} in nm",
    "track and distance {f} {t}",
    "p|{f} {t} distance pls",
    "how long to get from {f} to {t} in my {ac}",
    "p|ETE {f}-{t} in the {ac}",
    "flight duration from {f} to {t}",
    "how far {f} to {t} as the crow flies",
    "initial course {f} to {t}",
    "can I do {f} to {t} in under two hours at {spd}?",
    "what heading from {f} to {t}",
    "compute the distance from {f} to {t}",
    "p|dist. {f}/{t} at {spd}",
    "how long does it take from {f} to {t}",
    "n|the distance from {f} until {t}",
    "how far away is {T} from {F}",
    "how many hours {f} to {t} at {spd}",
    "time to fly {f} {t}",
    "what's the great-circle track {f} → {t}",
    "{f} to {t}, how long at {spd}?",
    "i|What is the distance and initial true course from {f} to {t}?",
    "i|Estimate the time en route from {f} to {t} for a {ac}.",
    "m|how long from {f} to {t}",
    "n|how many miles are from {f} to {t}?",
    "n|in how much time I arrive to {t} from {f} with my {ac}?",
    "p|{f}>{t} nm?",
    "p|ete {f} {t}",
    "how far apart are {f} and {t}",
    "is {T} far from {F}?",
    "distance from {f} to {t} in kilometres",
]

def dist_slots2():
    d = route_slots()
    # "how far is T from F": the first named place is the destination
    d["T"] = lambda c: _set_place(c, "to_location", [("code", 40), ("town", 35), ("name", 25)])
    d["F"] = lambda c: _set_place(c, "from_location", [("code", 40), ("town", 35), ("name", 25)])
    return d

def details_slots():
    d = base_slots()
    d["a"] = lambda c: apt_ref(c, "icao_code", [("code", 62), ("name", 38)])
    d["c"] = lambda c: code_ref(c, "icao_code")
    return d

S_DETAILS = [
    "tell me about {a}",
    "list the runways of {a}",
    "p|{a} frequencies",
    "what's the elevation of {a}",
    "some info about {a}",
    "details of {a} please",
    "how many metres of runway does {a} have",
    "tower frequency at {a}?",
    "p|{c}",
    "customs status of {a}?",
    "runway surface at {a}: grass or hard?",
    "describe {a} for me",
    "which frequency is the ATIS at {a}",
    "p|{a} aerodrome info",
    "navaids around {a}?",
    "length of the runways at {a}",
    "are there runway lights at {a}?",
    "how high above sea level is {a}",
    "everything you have on {a}",
    "p|pls details {a}",
    "pull up {c}",
    "paved runway at {a} or not?",
    "ground freq for {a}?",
    "n|which is the frequency of the tower of {a}?",
    "n|the runways of {a} are in asphalt or in grass?",
    "p|{a} rwy info",
    "field elevation {a}?",
    "p|{a} - info/AFIS freq?",
    "n|give me the informations of the aerodrome {a}",
    "what's the runway heading at {a}",
    "which runways at {a}?",
    "tell me about the airfield at {a}",
    "p|{a} airport data",
    "can you describe the airport {a}",
    "what's {a}'s elevation",
    "frequencies for {a} please",
    "p|elev {a}?",
    "does {a} have an ILS?",
    "what VOR is near {a}",
    "p|{a}: rwys, freqs, elev",
    "runway dimensions {a}",
    "how wide is the runway at {a}",
    "what's the approach frequency at {a}",
    "is {a} a port of entry",
    "p|details {a}",
    "what do you know about {a}",
    "airport information for {a}",
    "i|Could you give me the runway and frequency information for {a}?",
    "i|What is the published elevation and runway surface at {a}?",
    "n|I want to know all about {a} aerodrome",
    "n|{a} has a runway of which length?",
    "p|freq {a}",
    "p|{c} rwy",
    "what's the radio frequency for {a}",
    "is there a tower at {a}?",
    "summary of {a} please",
    "m|{a}? what runways, what freqs",
    "quick overview of {a}",
    "what's the CTAF / info frequency at {a}",
]

def notif_slots():
    d = base_slots()
    def notif_apt(c):
        k = wch([("notif", 80), ("poe", 10), ("name", 10)])
        if k == "notif":
            return code_ref(c, "icao", NOTIF_CODES)
        if k == "poe":
            return code_ref(c, "icao", POE_CODES)
        code = ch(NOTIF_CODES)
        n = short_name(clean_name(AIRPORTS[code]["name"]))
        if not n or len(n) < 3:
            return code_ref(c, "icao", [code])
        c.set("icao", n)
        return n
    d["c"] = notif_apt
    d["day"] = day
    return d

S_NOTIF = [
    "how long before arrival must I inform customs at {c}?",
    "p|{c} customs: how many hours in advance?",
    "p|douane notice {c} {day}",
    "when is customs open at {c} on {day}",
    "customs available at {c} on {day}?",
    "do I need PPR for customs at {c}",
    "what's the customs request deadline for {c}",
    "I land at {c} on {day} coming from outside Schengen, when must I tell customs?",
    "n|how much in advance I must advise the customs in {c}?",
    "n|which is the notice for the douane at {c} the {day}?",
    "p|customs lead time {c}",
    "border police notice {c} on {day}s",
    "how early do I have to request customs at {c}",
    "customs notice rules for {c} for a {day} arrival",
    "p|zoll notice {c}",
    "is 24 hours notice needed for customs at {c}?",
    "p|immigration PPR {c}",
    "what are the customs hours at {c} on {day}",
    "need to clear customs at {c} on {day}, how much notice?",
    "customs at {c}: prior notification needed?",
    "tell me the customs notification for {c}",
    "notification requirements at {c} for customs and immigration",
    "departing {c} to the UK on {day}, customs notice?",
    "p|pre-notify customs {c}",
    "p|customs {c} {day}",
    "how many hours notice does customs want at {c}",
    "can I get customs at {c} on a {day} without notice?",
    "i|What prior notice does customs require for a {day} arrival at {c}?",
    "i|How far in advance must I notify customs and immigration when flying into {c}?",
    "n|for arrive in {c} from England, the customs want how many hours before?",
    "n|at {c} the douane must be prevented how much time before?",
    "when do I have to send the GAR / customs notice for {c}",
    "what's the notice period for customs at {c} on a {day}",
    "p|{c} {day} customs ppr?",
    "is customs at {c} on request only?",
    "what time does customs close at {c} on {day}s",
    "m|coming back from Jersey to {c} on {day} - customs notification?",
    "do I need to phone customs ahead for {c}",
    "p|notice customs {c}??",
    "how much notice for immigration at {c}",
    "customs and police notification for {c}",
    "flying into {c} next {day}, do I have to tell customs beforehand?",
    "p|custom hours {c}",
    "customs PN required at {c}?",
]

RULE_TOPICS = [  # (question pattern with {C} country name / {D} demonym)
    "is a transponder needed to fly in {C}?",
    "night VFR in {C}: permitted?",
    "is filing a flight plan required for a trip to {C}",
    "8.33 kHz radio compulsory in {C}?",
    "may I land on private farm strips in {C}?",
    "minimum overflight height above towns in {C}?",
    "is a mode S transponder mandatory in {C}?",
    "can I fly VFR on top in {C}?",
    "do I need a flight plan to cross the border into {C}?",
    "are life jackets required for a sea crossing to {C}?",
    "do I need a mountain rating to land at altiports in {C}?",
    "is it legal to fly an N-registered plane in {C}?",
    "do I need oxygen above 10000 ft in {C}?",
    "can I land a microlight in {C} without a permit?",
    "is VFR at night legal in {C}?",
    "what's the transition altitude in {C}?",
    "do I need PPR to land at uncontrolled fields in {C}?",
    "can I use English on the radio at small airfields in {C}?",
    "what are the VFR minima in class E airspace in {C}?",
    "is a flight plan mandatory for VFR flights in {C}?",
    "what's the alcohol limit for pilots in {C}?",
    "do I need an ELT to fly in {C}?",
    "can I fly over national parks in {C}?",
    "what is the minimum altitude over the sea in {C}?",
    "are there special rules for flying in the Alps in {C}?",
    "is my EASA licence valid in {C}?",
    "do I need a radio licence to fly in {C}?",
    "is a transponder required in TMZ in {C}",
    "what documents must I carry on board in {C}?",
    "can I fly SVFR in {C}?",
    "what are the fuel reserve requirements for VFR in {C}?",
    "do I need a clearance to cross class D in {C}?",
    "is it allowed to do aerobatics over land in {C}?",
    "what are the rules for flying near the border in {C}?",
    "can a foreign pilot rent a plane in {C}?",
    "do I need to speak {D} on the radio?",
    "are {D} glider areas mandatory to avoid?",
    "what's the {D} rule on minimum heights?",
    "is it mandatory in {C} to contact FIS?",
    "must I carry a PLB when flying over water in {C}?",
]

def rules_country(c, key="country_code"):
    cc = pick_cc()
    c.set(key, cc)
    c.mem["cc"] = cc
    return country_name(cc)

def rules_dem(c, key="country_code"):
    cc = pick_cc()
    c.set(key, cc)
    c.mem["cc"] = cc
    return demonym(cc)

def rules_slots():
    d = base_slots()
    d["C"] = rules_country
    d["D"] = rules_dem
    def c2(c, which):
        cc = pick_cc(exclude=c.mem.get("ccs", []))
        c.mem.setdefault("ccs", []).append(cc)
        c.args.setdefault("countries", []).append(cc)
        return country_name(cc) if which == "n" else demonym(cc)
    d["C1"] = lambda c: c2(c, "n")
    d["C2"] = lambda c: c2(c, "n")
    d["D1"] = lambda c: c2(c, "d")
    d["D2"] = lambda c: c2(c, "d")
    def topic(c):
        t = ch(RULE_TOPICS)
        if "{D}" in t:
            return t.replace("{D}", rules_dem(c))
        return t.replace("{C}", rules_country(c))
    d["Q"] = topic
    return d

S_BROWSE = [
    "display the flight rules of {C}",
    "which regulations apply to GA flying in {C}",
    "p|airspace rules {C}",
    "{D} aviation rulebook",
    "VFR flying rules, {C}",
    "browse {D} flying rules",
    "list the rules for {C}",
    "VFR rules in {C}",
    "i|I'd like to read up on the GA regulations in {C} before my trip.",
    "p|rules {C}",
    "n|which are the rules of the air in {C}?",
    "n|I want to know the regulation for flying in {C}",
    "what should I know about the rules in {C}",
    "show {D} flying regulations",
    "p|{D} regs",
    "general aviation rules in {C}",
    "what are the legal requirements for flying in {C}",
    "overview of the {D} airspace regulations",
    "the rules for pilots in {C}?",
    "i|Could you show me the country rules for {C}?",
    "m|flying to {C} next month, what are the rules there",
    "p|regs for {C} pls",
    "{C} aviation law",
    "browse rules: {C}",
    "n|what says the law in {C} for the small planes?",
]

S_ANSWER = [
    "{Q}",
    "{Q}",
    "{Q}",
    "p|{Q}",
    "i|Quick question: {Q}",
    "n|please, {Q}",
    "m|planning a trip - {Q}",
    "must I file a flight plan when entering {C}?",
    "is a transponder mandatory in {C}",
    "can I fly VFR at night in {C}?",
    "is it legal to land on a beach in {C}?",
    "do I need a flight plan to cross into {C}?",
    "p|{C} flight plan required?",
    "p|night vfr {C} allowed?",
    "n|in {C} it is obligatory the transponder?",
    "n|is permitted to fly at night VFR in {C}?",
    "what's the minimum altitude over cities in {C}",
    "am I allowed to fly over {C} without talking to ATC?",
    "i|What is the rule in {C} regarding VFR flight above a cloud layer?",
    "do I need customs when flying from {C} inside Schengen? what is the rule",
    "is it mandatory to have 8.33 kHz radios in {C}?",
    "p|{D} rules on transponders?",
    "can I fly a drone near an airfield in {C}? what's the regulation",
    "how high must I fly over towns in {C}",
]

S_COMPARE = [
    "VFR rules compared: {C1} vs {C2}",
    "flight plan rules: {D1} vs {D2}, what differs?",
    "night flying: how do {C1} and {C2} differ",
    "p|regulations {C1} versus {C2}?",
    "differences between {D1} and {D2} airspace rules",
    "compare the rules of {C1} and {C2}",
    "in what ways do {D1} and {D2} VFR rules differ",
    "p|{C1} vs {C2} rules",
    "{D1} regs compared with {D2} regs",
    "n|which differences there are between the rules of {C1} and {C2}?",
    "n|the rules in {C1} are different from {C2}?",
    "i|Could you compare the general aviation regulations of {C1} and {C2}?",
    "is the transponder rule different between {C1} and {C2}?",
    "what changes when I fly from {C1} into {C2}, rules-wise",
    "compare {C1}, {C2} regulations for VFR",
    "p|diff rules {C1} {C2}",
    "rules comparison {C1} / {C2}",
    "how does {C1} compare to {C2} for flight plan requirements",
    "{D1} vs {D2} night VFR rules",
    "m|moving my plane from {C1} to {C2}, what rules differ?",
    "are the minimum heights different in {C1} compared to {C2}?",
    "p|compare {C1} {C2}",
    "what's different about flying in {C2} compared with {C1}",
]

def plan_slots():
    d = base_slots()
    d["a"] = lambda c: apt_ref(c, "icao", [("code", 60), ("name", 25), ("town", 15)])
    d["temp"] = temp
    d["qnh"] = qnh
    d["inhg"] = inhg
    d["press"] = pressure
    d["elev"] = elev
    d["rwy"] = runway
    d["wind"] = wind
    d["wgt"] = weight
    d["prof"] = prof
    d["metar"] = lambda c: metar()
    return d

S_DA = [
    "density altitude at {a}, {temp}, {qnh}",
    "what's the DA at {elev} with {temp} and {inhg}",
    "p|density alt {a} {temp} {qnh}",
    "what's the density altitude in {a} at {temp}",
    "p|DA at {a}, {temp}, {press}",
    "what does a {temp} day do to the density altitude at a {elev} strip",
    "compute density altitude for {a} with OAT {temp}",
    "hot day at {a}: {temp}, {qnh}. density altitude?",
    "n|which is the density altitude of {a} with a temperature of {temp}",
    "density altitude {elev}, {temp}, altimeter {inhg}",
    "p|DA calc: elev {elev}, OAT {temp}, {qnh}",
    "pressure altitude and density altitude at {a} with {press} and {temp}",
    "is density altitude a problem at {a} with {temp}?",
    "what's the performance altitude at {a} if it's {temp}",
    "air density at {a} at {temp}",
    "p|hot and high check {a} {temp}",
    "field elevation {elev}, temperature {temp}, what DA?",
    "density altitude for {a}",
    "p|calc DA {a} oat {temp} {inhg}",
    "with {temp} at {a}, what's the density alt",
    "n|the density altitude in {a} when there are {temp}?",
    "p|DA {a} {temp}",
    "ISA deviation and density altitude at {a}, {temp}, {press}",
    "i|Please work out the density altitude for {a} with an OAT of {temp} and {qnh}.",
    "i|What density altitude should I expect at {a} this afternoon, {temp} forecast?",
    "m|it's {temp} at {a} today, density altitude?",
    "density altitude at {elev} and {temp}",
    "n|calculate me the density altitude, aerodrome {a}, {temp}, {qnh}",
    "p|dens alt {elev} {temp}",
    "what's the DA going to be at {a} at {temp} with {press}",
    "how bad is the density altitude at {a} in {temp} heat",
    "pressure alt and DA for {elev} field, {temp}, {press}",
    "density altitude at {a} with METAR {metar}@@{}",
    "DA for {a} using this metar: {metar}@@{}",
    "p|da {metar}@@{}",
    "i|Before departure from {a} I'd like the density altitude: OAT {temp}, {press}.",
    "p|da? {a} {temp} {qnh}",
    "n|how much is the density altitude at {a} if the temperature is {temp}?",
    "m|summer afternoon, {temp} at {a}, what's the DA",
    "density altitude at an elevation of {elev} with OAT {temp} and {press}",
    "what altitude does the plane think it's at, {a}, {temp}?",
    "DA and pressure altitude, {a}, {qnh}",
    "compute DA: field {elev}, {temp}",
    "p|dalt {a} {temp}",
]

S_WIND = [
    "crosswind on runway {rwy} at {a} with wind {wind}",
    "which runway should I use at {a} with the wind {wind}",
    "headwind component rwy {rwy} wind {wind}",
    "p|xwind rwy {rwy} wind {wind}",
    "wind components at {a}",
    "{a} runway {rwy}, wind {wind}: how much crosswind?",
    "given a wind of {wind}, what's the best runway at {a}?",
    "p|{a} rwy {rwy} wind {wind} crosswind?",
    "how much crosswind at {a} runway {rwy} with {wind}",
    "tailwind on {rwy} at {a} if the wind is {wind}?",
    "n|which is the crosswind component with wind {wind} on the runway {rwy}?",
    "p|best rwy {a} wind {wind}",
    "p|cross wind {a} {wind}",
    "headwind and crosswind for runway {rwy}, wind {wind}",
    "wind {wind} at {a}, which rwy?",
    "am I within crosswind limits on {rwy} at {a} with {wind}",
    "x-wind component for rwy {rwy} with {wind}",
    "runway in use at {a} with wind {wind}?",
    "what's the crosswind at {a} with {wind}",
    "wind {wind}, runway {rwy}: components?",
    "compute wind components {a} rwy {rwy} {wind}",
    "is {wind} too much crosswind for runway {rwy} at {a}?",
    "i|With the wind at {wind}, what are the headwind and crosswind components on runway {rwy}?",
    "i|Which runway at {a} gives the most headwind with a wind of {wind}?",
    "n|the wind is {wind}, how much is the cross component for the runway {rwy} of {a}?",
    "n|with wind {wind} which runway I must take at {a}",
    "p|xwind {a} {wind}",
    "m|gusty day, {wind} at {a} - crosswind on {rwy}?",
    "tailwind component {a} runway {rwy} wind {wind}",
    "p|hw/xw rwy {rwy} {wind}",
    "crosswind at {a} with this metar {metar}@@{}",
    "which runway? {metar}@@{}",
    "best runway at {a} today",
    "crosswind calculation rwy {rwy} wind {wind}",
    "wind {wind}, {a}, components for each runway",
    "i|What crosswind component should I expect on runway {rwy} at {a} with {wind}?",
    "p|xw {a} {rwy} {wind}",
    "n|for the runway {rwy} with a wind of {wind}, how much headwind I have?",
    "m|tower says wind {wind}, landing {rwy} at {a} - crosswind?",
    "is there a tailwind on runway {rwy} with {wind}?",
    "which end of the runway at {a} with wind {wind}",
    "crosswind component {rwy} {wind}",
    "wind check {a}: {wind}, which runway is best",
]

def navlog_slots():
    d = base_slots()
    def wps(c, n):
        pts, vals = [], []
        for _ in range(n):
            if p(0.7):
                code = code_of()
                while code in vals:
                    code = code_of()
                vals.append(code)
                pts.append(typed_code(code, c))
            else:
                t = town()
                vals.append(t)
                pts.append(t)
        c.set("waypoints", vals)
        return pts
    def w_sp(c):
        return " ".join(wps(c, ch([2, 2, 3, 3, 4])))
    def w_dash(c):
        return ch(["-", " - ", "/", " → ", " > "]).join(wps(c, ch([2, 3, 3, 4])))
    def w_via(c):
        pts = wps(c, 3)
        return "from %s via %s to %s" % tuple(pts)
    def w_via4(c):
        pts = wps(c, 4)
        return "%s via %s and %s to %s" % tuple(pts)
    def w_ft(c):
        pts = wps(c, 2)
        return "from %s to %s" % tuple(pts)
    d.update({"wps": w_sp, "wpd": w_dash, "wpv": w_via, "wpv4": w_via4, "wpft": w_ft})
    d["tas"] = lambda c: speed(c, "tas_kts")
    d["wind"] = lambda c: wind(c, gust_p=0.0, vrb_p=0.0)
    def ff(c):
        if p(0.5):
            v = ch([7, 8, 8.5, 9, 9.5, 10, 10.5, 11, 12, 13, 15, 6.5])
            c.set("fuel_flow", v); c.set("fuel_flow_unit", "usgal/h")
            return ch(["%s gph", "%s gph", "%s gal/h", "%s US gal/h", "%s usg/hr", "%s gallons per hour", "%s GPH"]) % fmt_num(v, c.comma)
        v = ch([25, 28, 30, 32, 35, 38, 40, 45, 50, 60, 22, 33])
        c.set("fuel_flow", v); c.set("fuel_flow_unit", "l/h")
        return ch(["%s l/h", "%s L/h", "%s litres per hour", "%s lph", "%s liters/hour", "%s l/hr"]) % fmt_num(v, c.comma)
    d["ff"] = ff
    def alt(c):
        if p(0.3):
            fl = ch([45, 55, 65, 75, 85, 95, 105])
            c.set("altitude_ft", fl * 100)
            return "FL%03d" % fl if p(0.5) else "FL%d" % fl
        v = ch([2000, 2500, 3000, 3500, 4000, 4500, 5500, 6500, 7500, 8500, 9500])
        c.set("altitude_ft", v)
        return ch(["%d ft", "%dft", "%d feet", "%d'"]) % v
    d["alt"] = alt
    def res(c):
        v = ch([30, 45, 45, 60, 60, 90])
        c.set("reserve_minutes", v)
        if v == 60 and p(0.4):
            return ch(["1 hour", "1h", "an hour"])
        return ch(["%d min", "%d minutes", "%d mins", "%dmin"]) % v
    d["res"] = res
    d["ac"] = lambda c: aircraft(c, "aircraft_type")
    return d

S_NAVLOG = [
    "nav log {wps} at {tas}, wind {wind}, fuel flow {ff}",
    "make a navlog {wpv}, TAS {tas}, wind {wind}, {ff} at {alt}",
    "plan legs {wps} at {tas}, wind {wind}, headings and times please",
    "p|navlog {wps} {tas} wind {wind} {ff}",
    "p|PLOG {wpd}",
    "build me a nav log {wpd}",
    "navigation log {wpft} at {tas}, {alt}, reserve {res}",
    "I need headings and ground speeds for {wpd} with wind {wind}",
    "wind correction angles and times for the legs {wps} at {tas}",
    "flight log {wps} TAS {tas} W/V {wind}",
    "make the nav log {wps} in a {ac}",
    "prepare a pilot log {wpv}",
    "can you do a navlog {wpd}, cruise {tas}, fuel {ff}, {res} reserve",
    "legs with headings and times {wpd}",
    "n|I want the navigation log for {wps} with wind {wind}",
    "compute WCA, GS and fuel for {wpd}, TAS {tas}, wind {wind}, {ff}",
    "i|Please prepare a navigation log for {wpv4} at {tas} and {alt}, wind {wind}, fuel flow {ff}, {res} reserve.",
    "i|I'd like a PLOG {wpft}: TAS {tas}, wind {wind}.",
    "p|navlog {wpd} {tas}",
    "nav log {wpft} in my {ac}, wind {wind}",
    "headings and ETEs for {wpd}",
    "n|do me the log of navigation {wpv}, speed {tas}, wind {wind}",
    "m|route {wpd}, need a nav log with fuel, burning {ff}",
    "navlog please: {wpd}, {alt}, {tas}, {wind}",
    "plan legs {wps}, wind {wind}, reserve {res}",
    "p|nav log {wps} wv {wind} gs?",
    "give me a leg by leg breakdown {wpv} at {tas}",
    "fuel and time per leg for {wpd} at {ff}",
    "n|make the plog with these points: {wpd}. TAS {tas}, {ff}",
    "navigation log {wps}",
    "create a navlog from the waypoints {wpd} for a {ac}",
    "groundspeed and heading for each leg {wpd} with {wind}",
    "i|Could you compute headings, ground speeds and leg times for {wpv}, TAS {tas}, wind {wind}?",
    "p|plog {wps} tas {tas} w/v {wind} ff {ff}",
    "n|I need the nav log for go {wpft}, my speed is {tas}",
    "m|doing {wpd} tomorrow, can you make a log? {tas}, {ff}",
    "nav log via {wpd}, cruising {alt}, {res} final reserve",
    "leg times and fuel for {wpd} at {tas}, burning {ff}",
    "flight log for the route {wpd} at {alt}",
    "navlog with wind {wind} and TAS {tas}: {wpd}",
]

def wb_slots():
    d = base_slots()
    def kg(c):
        return ch(["%d kg" % ch([60, 65, 70, 75, 80, 85, 90, 95, 100]), "%d lb" % ch([150, 170, 180, 190, 200, 220]),
                   "%d" % ch([70, 80, 85, 90]), "%dkg" % ch([55, 68, 77, 82])])
    d["w"] = kg
    d["bag"] = lambda c: ch(["%d kg" % ch([5, 10, 15, 20, 25, 30]), "%d lb" % ch([20, 30, 40, 50, 60])])
    d["fuel"] = lambda c: ch(["%d l" % ch([60, 80, 100, 120, 140, 150]), "%d litres" % ch([80, 100, 120, 150]),
                              "%d gal" % ch([20, 30, 35, 40, 48, 53]), "%d US gal" % ch([25, 30, 40]),
                              "full tanks", "full fuel", "tabs fuel", "%d kg of fuel" % ch([60, 80, 100])])
    d["burn"] = lambda c: ch(["burn %d l" % ch([30, 40, 50, 60]), "trip fuel %d gal" % ch([8, 10, 12, 15]),
                              "burning %d litres" % ch([35, 45, 55])])
    def prof_only(c):
        v = ch(PROFILES)
        c.set("aircraft", v)
        return v
    d["prof"] = prof_only
    d["P"] = lambda c: ch(PROFILES)      # aircraft named together with loads -> arguments stay {}
    return d

S_WB = [
    "weight and balance for the {P}: pilot {w}, passenger {w}, fuel {fuel}",
    "W&B {P}: pilot {w}, rear passengers {w}, baggage {bag}, {fuel}",
    "is my CG ok in the {P} with {w} pilot, {bag} baggage, {fuel}, {burn}",
    "CG within limits? 2 x {w} front seats, {bag} bags, {fuel}, {P}",
    "p|w&b pax {w} pilot {w} bags {bag} fuel {fuel} {P}",
    "mass and balance check: {P}, {w} in the front, {fuel}",
    "mass and balance for the {prof}@@KEEP",
    "p|w&b {prof}@@KEEP",
    "load sheet for {prof}@@KEEP",
    "weight and balance {prof}@@KEEP",
    "i|Can you run a weight and balance for the {prof}?@@KEEP",
    "centre of gravity check, {P}, me {w}, my wife {w}, kids {w} and {w} in the back, {fuel}",
    "n|I want to verify the centering of the {P}: pilot {w}, passenger {w}, {fuel}",
    "is the {P} inside the envelope with {w} + {w} front, {bag} luggage, {fuel}?",
    "weight and balance",
    "p|wb {P} {w} {w} {fuel}",
    "how heavy am I in the {P} with two of us ({w} and {w}) and {fuel}",
    "compute the CG: {P}, front seats {w} and {w}, rear {w}, baggage {bag}, fuel {fuel}",
    "n|the center of gravity is ok with pilot {w} and {fuel} in {P}?",
    "i|Please do a loading calculation for the {P}: pilot {w}, front passenger {w}, {bag} of baggage, {fuel}, {burn}.",
    "am I over max takeoff weight in the {P} with 3 people of {w} and {fuel}",
    "m|{P} loading: {w} me, {w} passenger, {bag} bags, {fuel} - ok?",
    "mass & balance with {fuel} and two adults of {w}",
    "p|cg {P}? pilot {w} pax {w} fuel {fuel}",
    "landing CG for the {P} after {burn}, pilot {w}, {fuel} at takeoff",
    "loadsheet please: {P}, {w} pilot, {w} pax, {bag} baggage, {fuel}",
    "n|verify me weight and balance of {P} with 2 persons {w} each and {fuel}",
    "is {w} baggage too much in the {P} with full tanks and two {w} adults?",
    "W and B for {P} with pilot only, {w}, and {fuel}",
    "envelope check {P}: {w}, {w}, {bag}, {fuel}",
    "i|Please check whether the {P} is within weight and balance limits with pilot {w}, passenger {w} and {fuel}.",
    "p|wb {prof}@@KEEP",
    "n|I need to do the mass and centering for the {prof}@@KEEP",
    "m|taking 2 friends ({w}, {w}) in the {P} with {fuel}, are we ok on CG?",
    "load and trim sheet for the {P}: {w} front, {w} rear, {bag} luggage, {fuel}",
    "what's my takeoff weight and CG in the {P} with {w}, {w} and {fuel}",
    "centre of gravity for the {prof}@@KEEP",
    "will we be overweight in the {P}: pilot {w}, pax {w}, {w}, {fuel}, {bag} baggage?",
    "weight & balance: {fuel}, pilot {w}",
    "CG at landing for the {P} with {fuel} at takeoff and {burn}",
]

def perf_slots():
    d = plan_slots()
    d["prof"] = prof
    def hw(c):
        v = ch([5, 8, 10, 12, 15])
        if p(0.2):
            c.set("headwind_kt", -ch([3, 5]))
            return "%d kt tailwind" % -c.args["headwind_kt"]
        c.set("headwind_kt", v)
        return ch(["%d kt headwind", "%d kts of headwind", "headwind %d kt"]) % v
    d["hw"] = hw
    def pa(c):
        v = ch([0, 1000, 2000, 3000, 4000, 5000, 6000])
        c.set("pressure_altitude_ft", v)
        return "%d ft" % v
    d["pa"] = pa
    d["grass"] = lambda c: (c.set("surface", "grass"), ch(["grass", "a grass strip", "a grass runway"]))[1]
    d["wind"] = lambda c: wind(c, gust_p=0.1)
    return d

# phase markers: @@TO / @@LDG / @@BOTH set the phase argument
S_PERF = [
    "takeoff distance at {a} in the {prof}, {temp}@@TO",
    "landing distance required at {a} at {temp}, {wgt}@@LDG",
    "will the {prof} get off the ground at {a} at {temp}?@@TO",
    "ground roll for the {prof} at pressure altitude {pa}, {temp}, {hw}",
    "runway needed to leave {a} at {temp} with the {prof}?@@TO",
    "takeoff performance {prof} at {a} rwy {rwy}, {temp}, wind {wind}@@TO",
    "p|t/o dist {a} {prof} {temp}@@TO",
    "landing distance {a} runway {rwy} in the {prof}@@LDG",
    "takeoff and landing distances at {a}, {temp}, {wgt}@@BOTH",
    "can I take off from {a} in the {prof} at {wgt} and {temp}?@@TO",
    "n|which is the distance of takeoff at {a} with {temp} for the {prof}?@@TO",
    "n|the {prof} can land at {a} with {temp}?@@LDG",
    "is the runway at {a} long enough for the {prof} at {temp}?",
    "takeoff distance over 50 ft at {a}, {temp}, {press}@@TO",
    "p|ldg dist {a} {temp} {wgt}@@LDG",
    "performance check {prof} departing {a} rwy {rwy} at {temp}@@TO",
    "i|What takeoff distance will I need at {a} on runway {rwy} at {temp} and {wgt} in the {prof}?@@TO",
    "i|Please calculate the landing distance for the {prof} at {a}, {temp}, wind {wind}.@@LDG",
    "m|hot day at {a} ({temp}) - takeoff roll for the {prof}?@@TO",
    "short field takeoff at {a} {temp} {prof}@@TO",
    "p|perf {prof} {a} {temp}",
    "takeoff and landing performance at {a} in the {prof}",
    "how long is the takeoff run at {a} for a {prof} with {wgt} at {temp}@@TO",
    "landing roll on {grass} at {a} in the {prof}@@LDG",
    "n|how many meters I need for take off at {a} with the {prof} at {temp}?@@TO",
    "takeoff distance required, {prof}, {temp}, {hw}@@TO",
    "can the {prof} land on runway {rwy} at {a}?@@LDG",
    "p|to perf {a} rwy {rwy} {temp} {wgt}@@TO",
    "takeoff distance at {a} with this METAR {metar}@@{}",
    "what distance do I need to take off at {a}@@TO",
    "is {a} too short for the {prof} at {wgt}?",
    "ground roll and 50 ft distance for takeoff at {a}, {temp}, {press}@@TO",
    "departure performance at {a}, {temp}, wind {wind}@@TO",
    "will I clear 50 ft at {a} in the {prof} with {wgt} on a {temp} day?@@TO",
    "TODR and LDR for the {prof} at {a}@@BOTH",
    "i|I'm departing {a} runway {rwy} at {wgt}, OAT {temp}, wind {wind}. What takeoff distance does the {prof} need?@@TO",
    "p|ldg perf {prof} {a} rwy {rwy}@@LDG",
    "n|which is the landing distance of the {prof} at {a} with {temp}?@@LDG",
    "m|{a} is {grass}, it's {temp}, can the {prof} get out?@@TO",
    "landing performance at {a} runway {rwy}, {temp}, {press}@@LDG",
    "how much runway does the {prof} need to land at {a}?@@LDG",
]

def eu_slots():
    d = base_slots()
    def city(c, key):
        k = wch([("city", 55), ("iata", 25), ("icao", 10), ("name", 10)])
        r = ch(AIRLINE_APTS)
        while r["ident"] in c.mem.values():
            r = ch(AIRLINE_APTS)
        c.mem[key] = r["ident"]
        if k == "city":
            v = r["municipality"].split("(")[0].split("/")[0].split(",")[0].strip() or r["iata_code"]
        elif k == "iata":
            v = r["iata_code"]
        elif k == "icao":
            v = r["ident"]
        else:
            v = clean_name(r["name"]) or r["iata_code"]
        v = ch(["London", "Paris", "Madrid", "Dublin", "Amsterdam", "Rome", "Barcelona", "Lisbon", "Berlin",
                "Munich", "Geneva", "Zurich", "Gatwick", "Stansted", "Heathrow", "Luton", "Manchester", "Nice",
                "Lyon", "Milan", "Vienna", "Brussels", "Copenhagen", "Oslo", "Stockholm", "Athens", "Prague",
                "Warsaw", "Frankfurt", "Malaga", "Palma", "Faro", "Porto", "Edinburgh", "Bristol", "New York",
                "JFK", "Dubai", "Istanbul", "Marrakech", "Toronto"]) if k == "city" and p(0.5) else v
        c.set(key, v)
        return v
    d["f"] = lambda c: city(c, "from")
    d["t"] = lambda c: city(c, "to")
    def delay(c):
        v = ch([1.5, 2, 2.5, 3, 3, 3.5, 4, 4, 5, 6, 8, 10, 12, 24])
        c.set("delay_hours", v)
        if v == 1.5 and p(0.5):
            return "90 minutes"
        if v == 3.5 and p(0.5):
            return "3h30"
        if v in (3, 4, 5) and p(0.25):
            return {3: "three", 4: "four", 5: "five"}[v] + " hours"
        return fmt_num(v, c.comma) + ch([" hours", " h", "h", " hrs"])
    d["delay"] = delay
    def airline(c):
        a, reg = ch(AIRLINES)
        c.set("carrier_region", reg)
        return a
    d["airline"] = airline
    d["xairline"] = lambda c: ch(["easyJet", "the airline", "they", "my airline"])   # region not determinable
    def notice(c):
        v = ch([2, 3, 5, 7, 10, 12, 14, 20])
        c.set("notice_days", v)
        return str(v)
    d["notice"] = notice
    return d

S_EU = [
    "my flight from {f} to {t} was delayed {delay}, how much compensation",
    "{airline} cancelled my {f} to {t} flight, am I owed anything under EU261?@@CANC",
    "{airline} flight {f} to {t} arrived {delay} late, can I claim compensation?",
    "EU261 for {f} to {t} cancelled with {notice} days notice@@CANC",
    "p|eu261 {f} {t} delay {delay}",
    "{xairline} cancelled my {f}-{t} flight, what am I owed?@@CANC",
    "flight {f} {t} delayed by {delay}, compensation?",
    "how much can I claim for a {delay} delay from {f} to {t}",
    "n|my flight of {airline} from {f} to {t} had {delay} of delay, they must pay me?",
    "i|Our {f} to {t} flight landed {delay} late. Are we entitled to EU261 compensation?",
    "UK261 claim {f} to {t}, {delay} late",
    "p|compensation {f}-{t} {delay} late",
    "am I entitled to a refund or compensation, {f} to {t} cancelled@@CANC",
    "{airline} {f}→{t} delayed {delay}, how much do they owe me",
    "what compensation for a cancelled flight {f} to {t}@@CANC",
    "delay compensation {f} {t} {delay}",
    "n|the flight {f} - {t} was cancelled, I have right to money?@@CANC",
    "flew {airline} {f} to {t}, arrived {delay} after schedule - EU 261?",
    "m|ugh, {f} to {t} cancelled again. compensation?@@CANC",
    "does EU261 apply to my {f} to {t} flight with {airline}, {delay} delay?",
    "i|My {airline} flight from {f} to {t} was cancelled {notice} days before departure. What compensation applies?@@CANC",
    "how much is the EU261 payout for {f} to {t}",
    "p|261 {f} {t} cancelled@@CANC",
    "{delay} late on {f}-{t}, what can I get back",
    "n|for a delay of {delay} on {f}-{t} which compensation I receive?",
    "compensation for my delayed flight {f} {t}",
    "i|Can my passenger claim under UK261? {f} to {t}, {delay} late, operated by {airline}.",
    "{airline} bumped my {f} to {t} flight, it was cancelled - am I owed money?@@CANC",
    "i|My passenger's {airline} flight from {f} to {t} arrived {delay} late. How much compensation is due?",
    "p|eu261 claim {f}-{t} cancelled@@CANC",
    "n|the airplane from {f} to {t} arrived with {delay} of retard, I can have compensation?",
    "m|stuck in {f}, flight to {t} delayed {delay}... what am I owed",
    "flight compensation {f} to {t}, {airline}, {delay} delay",
    "is a {delay} delay on {f}-{t} enough for EU261?",
    "{airline} cancelled {f} to {t} {notice} days before, do I get compensation?@@CANC",
    "how much does {airline} owe me for a {delay} delay from {f} to {t}",
    "delayed {delay} flying {f} → {t}, what's the compensation amount",
    "my {f} to {t} flight got cancelled, what are my rights?@@CANC",
    "compensation calculator: {f} to {t}, {delay}",
    "UK261 {f} {t} cancelled@@CANC",
]

def type_slots():
    d = base_slots()
    def code(c):
        v = ch(AC_TYPE_CODES)
        c.set("designator", v)
        return v if p(0.6) else v.lower()
    def name(c):
        v = ch(AC_TYPE_NAMES)
        c.set("designator", v)
        return v
    d["d"] = code
    d["nm"] = name
    d["x"] = lambda c: code(c) if p(0.55) else name(c)
    return d

S_TYPE = [
    "what is a {d}",
    "ICAO type designator for {nm}",
    "what's the type code for a {nm}",
    "what's a {d}?",
    "what sort of aircraft is a {d}",
    "wake category of the {x}",
    "p|{d} type info",
    "decode type designator {d}",
    "what aircraft is {d}",
    "p|doc 8643 {d}",
    "what's the designator of the {nm}",
    "which type is {d}",
    "icao code for the aircraft {nm}",
    "p|type designator {nm}?",
    "is a {d} a single or a twin?",
    "what engine does the {x} have",
    "what does the designator {d} stand for",
    "p|WTC {d}",
    "n|which aircraft corresponds to the type {d}?",
    "n|how is called in ICAO the {nm}?",
    "i|What is the ICAO Doc 8643 designator for the {nm}?",
    "typical cruise speed of a {x}? what type is it",
    "what plane has type code {d}",
    "m|someone filed {d} as type, what is that?",
    "aircraft type {d}",
    "what do I put as aircraft type for a {nm} in the flight plan?",
    "p|{d}?? what plane",
    "tell me about the aircraft type {x}",
    "is {d} a light or medium wake turbulence category",
    "p|{d} = ?",
    "what's the designator for a {nm}, for the flight plan",
    "is the {d} a turboprop?",
    "n|the type {d} is which aircraft?",
]

def prof_slots():
    d = base_slots()
    def name(c):
        v = ch(REGS + ["my Robin", "club PA28", "the Archer", "C172S", "PA28"])
        c.set("name", v)
        return v
    d["nm"] = name
    def src(c):
        v = ch(["C172S", "PA28", "C172S", "PA28"])
        c.set("from_profile", v)
        return v
    d["src"] = src
    def ew(c):
        v = ch([1620, 1642, 1680, 1695, 1450, 1510])
        c.set("empty_weight", v)
        return "%d lb" % v if p(0.5) else "%d" % v
    d["ew"] = ew
    d["tas"] = lambda c: speed(c, "cruise_tas_kts")
    def ff(c):
        if p(0.5):
            v = ch([30, 32, 35, 38, 40])
            c.set("cruise_fuel_flow", v); c.set("cruise_fuel_flow_unit", "l/h")
            return "%d l/h" % v
        v = ch([8, 8.5, 9, 9.5, 10, 10.5])
        c.set("cruise_fuel_flow", v); c.set("cruise_fuel_flow_unit", "usgal/h")
        return ch(["%s gph", "%s gal/h", "%s US gal/h"]) % fmt_num(v)
    d["ff"] = ff
    return d

S_PROFILE = [
    "list the aircraft profiles I've got@@LIST",
    "p|my planes@@LIST",
    "show the aircraft I saved@@LIST",
    "which aircraft profiles do I have?@@LIST",
    "p|profiles@@LIST",
    "what planes are in my hangar?@@LIST",
    "n|which are my aircrafts saved?@@LIST",
    "i|Could you list the aircraft profiles I have stored?@@LIST",
    "show profile {nm}@@SHOW",
    "show me the {nm} profile@@SHOW",
    "p|profile {nm}@@SHOW",
    "what's in my aircraft profile {nm}@@SHOW",
    "open the profile for {nm}@@SHOW",
    "n|I want to see the profile of {nm}@@SHOW",
    "save the {src} profile as {nm}@@SAVE",
    "save a new profile for {nm}: {src}, cruise {tas}, {ff}@@SAVE",
    "make {nm} from the {src} profile with {ew} empty weight@@SAVE",
    "copy {src} to a new profile called {nm}@@SAVE",
    "p|new profile {nm} from {src}@@SAVE",
    "create an aircraft profile {nm} from the {src} with cruise {tas}@@SAVE",
    "i|Please save my aircraft {nm} using the {src} profile with an empty weight of {ew}.@@SAVE",
    "n|make a new profile {nm} copying {src}, it burns {ff}@@SAVE",
    "delete profile {nm}@@DELETE",
    "remove the {nm} profile@@DELETE",
    "p|del profile {nm}@@DELETE",
    "get rid of my aircraft profile {nm}@@DELETE",
    "n|cancel the profile {nm}, I sold the plane@@DELETE",
    "delete the profile of the plane I sold@@DELETE",
    "p|rm profile {nm}@@DELETE",
    "p|list profiles@@LIST",
    "do I have a profile for {nm}? show it@@SHOW",
    "n|save my plane {nm} like the {src} but with empty weight {ew}@@SAVE",
    "i|Please delete the aircraft profile {nm}.@@DELETE",
]

def wx_slots():
    d = base_slots()
    d["metar"] = lambda c: metar()
    d["metarl"] = lambda c: metar().lower()
    d["taf"] = lambda c: (lambda t: t[4:] if t.startswith("TAF ") and p(0.45) else t)(taf())
    d["notam"] = lambda c: notam()[0]
    d["notams"] = lambda c: "  ".join(notam()[0] for _ in range(R.randrange(2, 4)))
    d["notamnl"] = lambda c: "\n".join(notam()[0] for _ in range(R.randrange(2, 4)))
    return d

S_METAR = [
    "{metar}",
    "{metar}",
    "decode {metar}",
    "what does this mean: {metar}",
    "{metar} -> VFR or not?",
    "can you decode {metar}",
    "flight category for {metar}",
    "p|{metarl}",
    "p|decode pls {metar}",
    "n|please explain me this metar: {metar}",
    "n|what says this metar? {metar}",
    "i|Could you translate this METAR into plain language? {metar}",
    "is this VFR or IFR: {metar}",
    "m|just got this from the ATIS app: {metar} - what's the cloud base?",
    "what's the visibility in {metar}",
    "read this for me {metar}",
    "{metar} ok for VFR?",
    "p|vfr? {metar}",
    "METAR decode: {metar}",
    "is it MVFR? {metar}",
    "help me understand: {metar}",
    "what's the wind and ceiling here: {metar}",
    "SPECI just came out: {metar}, what changed?",
    "decode this speci {metar}",
    "plain english please: {metar}",
    "{metar} what does the cloud group mean",
    "n|I don't understand this report {metar}",
    "p|wx {metar} decode",
]

S_TAF = [
    "{taf}",
    "decode this taf: {taf}",
    "what will it be like at 15Z? {taf}",
    "worst conditions between 14Z and 18Z? {taf}",
    "p|taf decode {taf}",
    "n|please explain me this TAF: {taf}",
    "i|Could you decode this forecast and tell me when it's VFR? {taf}",
    "any thunderstorms forecast in this? {taf}",
    "translate this taf pls: {taf}",
    "what does the TEMPO mean in {taf}",
    "is it going to be VFR tomorrow morning? {taf}",
    "m|planning to leave around noon, {taf} - ok?",
    "forecast decode: {taf}",
    "p|{taf} vfr window?",
    "read this forecast for me {taf}",
    "n|what says this forecast? {taf}",
    "when does it improve according to this TAF {taf}",
    "is there a PROB30 of fog here: {taf}",
    "break down this TAF period by period: {taf}",
    "will the weather be flyable this afternoon: {taf}",
    "p|taf {taf} worst case?",
    "help me read the TAF {taf}",
]

S_PARSE = [
    "{notam}",
    "decode this NOTAM: {notam}",
    "what does this mean: {notam}",
    "parse: {notam}",
    "{notams}",
    "p|notam decode {notam}",
    "n|please explain me this notam {notam}",
    "i|Could you decode the following NOTAM for me? {notam}",
    "what is this notam about {notam}",
    "decode these notams {notams}",
    "m|copied from the briefing: {notam}",
    "translate this NOTAM to plain english {notam}",
    "p|?? {notam}",
    "help me read this {notam}",
    "what's the Q code in {notam}",
    "parse the following notams:\n{notamnl}",
    "n|I don't understand this NOTAM: {notam}",
    "when is this valid? {notam}",
    "p|notam {notam}",
    "is this runway notam relevant for me: {notam}",
    "break down these NOTAMs please {notams}",
]

CATS = [  # (phrases, category)
    (["runway", "rwy", "runway closure", "runway closures", "runway works"], "runway"),
    (["taxiway", "twy", "taxiway closures"], "taxiway"),
    (["lighting", "lights", "runway lights", "PAPI", "approach lights"], "lighting"),
    (["navaid", "navaids", "ILS", "VOR", "DME", "navaid outages"], "navaid"),
    (["obstacle", "obstacles", "crane", "cranes"], "obstacle"),
    (["airspace", "restricted area", "danger area", "airspace restrictions"], "airspace"),
    (["apron", "parking", "apron closures"], "apron"),
    (["frequency", "radio", "communications"], "communications"),
    (["fuel", "aerodrome services"], "aerodrome_services"),
    (["warning", "parachuting", "glider activity", "air display"], "warning"),
]

def notam_slots():
    d = wx_slots()
    d["c"] = lambda c: code_ref(c, "icao")
    def cat(c):
        ph, v = ch(CATS)
        c.set("category", v)
        return ch(ph)
    d["cat"] = cat
    d["new"] = lambda c: (c.set("only_new", True), "")[1]
    d["id"] = lambda c: (lambda nid: (c.set("notam_id", nid), nid)[1])(notam_id())
    def path(c):
        c.nolower = True
        v = ch(["/tmp/brief.txt", "~/briefings/{r}.txt", "~/Downloads/briefing-{d}.txt", "/Users/me/briefings/{d}.txt",
                "/home/pilot/briefings/{r}-{d}.txt", "~/Desktop/notams_{r}.txt", "./briefing.txt", "briefing_{r}.txt",
                "~/Documents/flying/{r}/brief.txt", "C:\\Users\\pilot\\Downloads\\briefing.txt", "~/Downloads/skydemon-brief.txt",
                "/tmp/{r}.pdf.txt", "~/brief/{d}_{r}.txt", "~/Downloads/autorouter-{r}.txt"])
        a, b = code_of().lower(), code_of().lower()
        v = v.replace("{r}", "%s-%s" % (a, b)).replace("{d}", "2026-%02d-%02d" % (R.randrange(1, 13), R.randrange(1, 29)))
        c.set("path", v)
        return v
    d["path"] = path
    def flight(c):
        a, b = code_of(), code_of()
        v = ch(["%s-%s" % (a, b), "%s-%s" % (a, b), "%s to %s" % (a, b), "%s %s" % (a, b)])
        c.set("flight", v)
        return v
    d["flight"] = flight
    def note(c):
        v = ch(["check before departure", "brief the passengers", "affects our alternate", "runway shortened",
                "ask for the latest status", "need to plan the long taxi"])
        c.set("note", v)
        return v
    d["note"] = note
    d["glob"] = lambda c: (c.set("global", True), ch(["everywhere", "for all flights", "globally", "on every briefing"]))[1]
    return d

S_NOTAMS = [
    "NOTAMs for {c}",
    "anything in the notams for {c} today?",
    'according to the NOTAMs, can I use the runway at {c}?@@{"category": "runway"}',
    "p|notams {c}",
    "list just the NOTAMs for {c} that are new{new}",
    "{cat} notams at {c}",
    "any {cat} NOTAMs for {c}?",
    "what's in force at {c} tomorrow",
    "n|there are notams for the aerodrome {c}?",
    "i|Please list the NOTAMs affecting {c} from my briefing.",
    "what NOTAMs affect {c}",
    "p|{c} notams new only{new}",
    "which notams affect the {cat} at {c}",
    "{cat} at {c}? anything in the notams",
    "any new NOTAMs for {c} since last time?{new}",
    "p|nota ms {c}",
    "what's closed at {c}",
    "anything I should know at {c} from the NOTAMs",
    "n|which notams of {cat} are at {c}?",
    "show {cat} notams {c}",
    "list notams for {c} grouped by category",
    "m|flying into {c} this weekend, notams?",
    "is anything unserviceable at {c}",
    "only new {cat} notams for {c}{new}",
    "what's active at {c} this afternoon in the NOTAMs",
    "p|{c} {cat} notam?",
    "notam check {c}",
    "are there any outages at {c}",
    "NOTAM summary for {c}",
    "i|Are there any new {cat} NOTAMs at {c} I haven't seen?{new}",
]

S_CHANGES = [
    "what changed in the briefing",
    "what's new since the last briefing",
    "briefing changes for flight {flight}",
    "anything different from the previous briefing?",
    "p|changes since last brief",
    "which NOTAMs are new since yesterday's briefing",
    "n|what is changed from the briefing before?",
    "i|Could you list what has changed since my previous briefing for {flight}?",
    "show the differences from the last briefing",
    "p|whats new",
    "any new or cancelled notams since last time?",
    "has anything been cancelled since my last briefing",
    "diff the briefings for {flight}",
    "what got added since my previous briefing for {flight}",
    "m|re-imported the brief, what's different?",
    "new since last briefing?",
    "p|delta briefing {flight}",
    "what notams were replaced since the previous briefing",
    "n|there are news since the last briefing of {flight}?",
    "compare this briefing with the previous one",
    "any updates to the briefing since this morning?",
    "what's gone from the briefing since last time",
]

S_IMPORT = [
    "import briefing {path} for flight {flight}",
    "load briefing {path}",
    "load up the briefing stored at {path}",
    "p|import {path}",
    "pull in the briefing file {path} for my {flight} trip",
    "import the notam briefing {path}",
    "n|please charge the briefing {path}",
    "i|Please import the briefing file at {path} for flight {flight}.",
    "p|load {path}",
    "open briefing file {path}",
    "import {path} as briefing for {flight}",
    "use the briefing in {path}",
    "m|downloaded the brief to {path}, import it",
    "load notams from {path}",
    "n|I have the briefing in {path}, import it for {flight}",
    "read the briefing {path}",
    "import briefing: {path}",
    "here's my briefing file {path}",
    "p|brief {path} {flight}",
    "load the pdf-to-text briefing {path} for flight {flight}",
]

S_STATUS = [
    "mark {id} as read@@READ",
    "{id} -> important@@IMP",
    "ignore {id}@@IGN",
    "ignore {id} {glob}@@IGN",
    "{id} is important: {note}@@IMP",
    "{id} is irrelevant, ignore it@@IGN",
    "p|read {id}@@READ",
    "p|{id} read@@READ",
    "mark notam {id} important@@IMP",
    "n|put the notam {id} as read please@@READ",
    "i|Please mark NOTAM {id} as important.@@IMP",
    "set {id} to ignored@@IGN",
    "done with {id}, mark read@@READ",
    "star {id}, it's important@@IMP",
    "hide {id} {glob}, not relevant@@IGN",
    "p|imp {id}@@IMP",
    "m|{id} doesn't matter for us, ignore it@@IGN",
    "mark {id} as important, {note}@@IMP",
    "n|the notam {id} is to ignore@@IGN",
    "{id} - seen it, mark as read@@READ",
    "flag {id} important {glob}@@IMP",
    "dismiss notam {id}@@IGN",
]

# ----------------------------------------------------------------------------------------
# out of scope
# ----------------------------------------------------------------------------------------
def oos_slots():
    d = base_slots()
    d["a"] = lambda c: apt_name() if p(0.5) else typed_code(code_of(), c)
    d["c"] = lambda c: typed_code(code_of(), c)
    d["c2"] = lambda c: typed_code(code_of(), c)
    d["town"] = lambda c: town()
    d["town2"] = lambda c: town()
    d["country"] = lambda c: country_name(pick_cc())
    d["dem"] = lambda c: demonym(pick_cc())
    d["day"] = lambda c: ch(DAYS).capitalize()
    d["reg"] = lambda c: ch(REGS)
    d["ac"] = lambda c: ch(AC_ROUTE)[0]
    d["time"] = lambda c: ch(["10:00", "9am", "14:30", "0800Z", "noon", "1500 local", "7 am"])
    d["n"] = lambda c: str(ch([50, 80, 100, 120, 150, 200]))
    d["bare"] = lambda c: ch(["customs", "avgas", "a paved runway", "night lighting", "jet A"])
    d["metar"] = lambda c: metar()
    return d

# near misses: name airports / filters / aviation words but ask to ACT or for live/unavailable things
S_OOS_NEAR = [
    # booking / reserving
    "can you get me a landing slot at {a} on {day}",
    "reserve a hangar at {a} for the weekend",
    "find and book a hotel next to {a}",
    "can you reserve parking for my plane at {c}",
    "book a taxi from {a} to the town centre",
    "p|book rental car at {c} airport {day}",
    "reserve a table at the airfield restaurant at {a}",
    "get me a slot at {c} tomorrow at {time}",
    "book handling at {c} for {day}",
    "book the PPR slot at {a} for me",
    "reserve a tie-down at {c} for two nights",
    "book a flight lesson at {a}",
    "sign me up for the fly-in at {a} on {day}",
    "n|please make the reservation of one hangar in {a}",
    "i|Could you book us two rooms near {c} for {day} night?",
    "book the {ac} for {day} morning at the club",
    "reserve the club {ac} from {time} to 16:00",
    "p|book slot {c} {time}",
    "book a seat on the train from {town} to {town2}",
    "reserve a ferry from {town} for my passengers",
    # fuel
    "order {n} litres of avgas at {c}",
    "buy fuel at {a} for me",
    "order jet A for my arrival at {c}",
    "call the fuel truck at {c}",
    "pre-pay avgas at {a}",
    "request a fuel uplift at {c} for {time}",
    "p|order 100LL {c} {n} l",
    "n|please order me the fuel at {a}, {n} liters",
    "what's the price of avgas at {c}",
    "100LL price at {a} this week?",
    "cheapest avgas near {town}",
    "p|avgas price {c}",
    "is avgas cheaper at {c} or {c2}?",
    "i|What does Jet A-1 cost per litre at {a} at the moment?",
    # fees / payments / prices
    "pay the landing fee at {c}",
    "how much is the landing fee at {a}",
    "p|landing fee {c}?",
    "pay my parking at {a} by card",
    "how much does it cost to park overnight at {c}",
    "pay the approach fee for {c}",
    "what do they charge for a touch and go at {a}",
    "n|how much I pay for land at {a}?",
    "settle my eurocontrol invoice",
    "how much would a flight from {c} to {c2} cost in fuel money",
    "what's the hourly rate for the {ac} at {a}",
    # flight plans / GAR / ATC actions
    "file a VFR flight plan from {c} to {c2}",
    "submit the FPL for tomorrow {c}-{c2}",
    "p|file fpl {c} {c2} {time}",
    "activate my flight plan to {c}",
    "close my flight plan, I've landed at {a}",
    "delay my flight plan to {c} by 30 minutes",
    "cancel my flight plan to {a}",
    "send the flight plan {c} {c2} to eurocontrol",
    "submit the GAR for my flight to {c}",
    "n|make for me the flight plan {c} - {c2} and send it",
    "i|Please file an IFR flight plan from {c} to {c2} departing at {time}.",
    "fill in the customs form for my arrival at {c}",
    "request a clearance from {c} tower",
    "get me a squawk for my flight to {c}",
    # calls / messages
    "call the tower at {c}",
    "phone {a} airport for me",
    "what's the phone number of the flying club at {a}",
    "email the airfield manager at {c} that I'm arriving {day}",
    "text the FBO at {c} my ETA",
    "radio {c} tower and tell them I'm running late",
    "contact ATC at {c}",
    "p|call {c} twr",
    "send a message to handling at {a}",
    "n|can you telephone to the aerodrome of {a} to ask if it is open?",
    "email customs at {c} with my passenger list",
    "whatsapp my instructor the route {c} {c2}",
    # translate
    "translate 'runway closed' into French",
    "how do you say crosswind in German",
    "translate 'request taxi' to Italian",
    "p|translate avgas to spanish",
    "what's 'wind shear' in Dutch",
    "translate the word 'douane' into English",
    "how do I say 'ready for departure' in French on the radio",
    # live data
    "show me the live radar around {town}",
    "live ATC feed for {c}",
    "show the webcam at {a}",
    "how's the weather looking at {c} this minute",
    "pull the current METAR for {c} off the internet",
    "download the newest TAF for {c}",
    "is it raining at {a} at the moment",
    "where is {reg} right now",
    "track {reg} on flightradar",
    "what runway is in use at {c} right now",
    "current ATIS at {c}",
    "what's the QNH at {c} right now",
    "how busy is {a} today",
    "what traffic is around {c} at the moment",
    "p|wx {c} now",
    "p|metar {c} pls",
    "n|which is the actual weather in {a}?",
    "fetch the latest NOTAMs from the internet for {c}",
    "download today's weather charts",
    "is the tower at {c} open right now?",
    "when is sunset at {a} this evening",
    "sunrise time at {c} tomorrow",
    "will it be foggy at {a} tomorrow morning",
    "what's the forecast for {town} this weekend",
    "show me the rain radar for {country}",
    # hotels, restaurants, ground transport
    "suggest somewhere to eat near {a}",
    "any good hotels close to {c}",
    "taxi from {a} to {town}",
    "train from {town} to {town2}",
    "is there a bus from {a} into {town}?",
    "car hire at {c}",
    "how long does it take to drive from {town} to {town2}",
    "p|hotel nr {c}",
    "n|where I can eat near the aerodrome {a}?",
    "where can I rent a bike at {a}",
    "best pub within walking distance of {a}",
    "how do I get from {a} to the city centre by public transport",
    "uber from {c} to {town}",
    "is there a cafe at {a}",
    # reminders, send, print, export, logbook
    "remind me to check the NOTAMs for {c} tomorrow",
    "remind me to call customs at {c} on {day}",
    "set an alarm for {time}",
    "print the nav log",
    "print the airport details for {c}",
    "send the route {c} {c2} to my phone",
    "email me the briefing for {c}",
    "export the route {c} {c2} to SkyDemon",
    "share this with my co-pilot",
    "log 1.5 hours in my logbook for {c} to {c2}",
    "add {c} to my favourite airfields",
    "save this conversation",
    "p|print it",
    "remind me 24 hours before to notify customs at {c}",
    # cockpit / physical actions
    "open the hangar",
    "turn on the runway lights at {c}",
    "squawk 7000",
    "set the transponder to 7000",
    "tune 118.5",
    "switch to {c} tower frequency",
    "start the engine",
    "lower the landing gear",
    "arm the ELT",
    # services near places, shopping, schools
    "find a flight instructor near {town}",
    "flying schools near {town}",
    "aircraft for rent near {c}",
    "maintenance shop near {c} for my annual",
    "avionics shop at {a}",
    "where can I buy a headset near {town}",
    "buy the VFR charts for {country}",
    "subscribe me to SkyDemon",
    "download the AIP for {country}",
    "apply for a permit to fly in {country}",
    "register my plane in {country}",
    "sell my {ac}",
    "how much does a used {ac} cost",
    "what's the insurance cost for a {ac} in {country}",
    # airline travel (not EU261)
    "what's the cheapest flight from {town} to {town2}",
    "flights from {town} to {town2} tomorrow",
    "is my flight to {town} on time",
    "check in for my flight to {town}",
    "book me a flight from {town} to {town2}",
    "p|easyjet {town} {town2} price",
    # general knowledge about places
    "what is the population of {town}",
    "capital city of {country}?",
    "what language do they speak in {country}",
    "local time in {town}?",
    "how old is {a} airport",
    "who owns {a} airfield",
    "history of {a}",
    "what's the best thing to visit in {town}",
    "n|which is the currency of {country}?",
    "what's the VAT rate in {country}",
    "show me a map of {town}",
    "what's the time zone of {country}",
    # decode-like but live / other
    "send this metar to my friend: {metar}",
    "save this METAR for later {metar}",
    "print this: {metar}",
]

S_OOS_GEN = [
    "hello", "hi", "hey there", "good morning", "thanks", "thank you!", "cheers mate", "ok", "okay thanks",
    "great, thanks", "cool", "nice one", "bye", "see you", "goodnight", "you're awesome", "haha",
    "how are you?", "who are you", "what can you do?", "are you an AI?", "what's your name", "who made you",
    "tell me something funny", "tell me a story", "sing me a song", "what's the meaning of life",
    "what is love", "do you dream?", "I'm bored", "I'm nervous about my checkride",
    "multiply 12 by 14", "square root of 2", "convert 100 dollars to euros", "what's 15% of 80",
    "what day is it today", "what's the date", "how many days until Christmas",
    "write a poem about flying", "write me a haiku about clouds", "write a python script to parse csv",
    "how do I center a div", "explain recursion", "what's the best programming language", "fix my code",
    "who is the president of France", "who won the world cup in 2018", "how tall is Mont Blanc",
    "what's the boiling point of water", "distance from earth to the sun", "how many people live on earth",
    "who invented the airplane", "when did the Wright brothers fly", "what's the fastest plane ever",
    "why is the sky blue", "how does a jet engine work", "how do birds fly", "what is a black hole",
    "recommend a good book", "recommend a movie about pilots", "best podcast about aviation",
    "how do I become a commercial pilot", "is flying safe?", "should I buy a plane",
    "what headset should I buy", "which is better, Garmin or Foreflight?", "is SkyDemon better than Foreflight",
    "how do I pass my PPL exam", "tips for my first solo", "how do I get over fear of flying",
    "what does a flight instructor earn", "is it worth getting an instrument rating",
    "my stomach hurts", "recipe for pancakes", "what should I cook tonight", "order a pizza",
    "play some music", "turn up the volume", "turn off the lights", "call mum", "open youtube",
    "what's the news today", "stock price of Airbus", "bitcoin price", "weather tomorrow",
    "will it rain this weekend", "is it going to be sunny tomorrow", "how cold is it outside",
    "asdfgh", "qwerty", "jjjjj", "lorem ipsum dolor sit amet", "test", "test 123", "...", "?", "!!!",
    "hmm", "??", "k", "yes", "no", "maybe", "idk", "lol", "wtf", "help", "menu", "exit", "quit",
    "undo", "clear", "reset", "start over", "never mind", "forget it", "that's wrong", "you're wrong",
    "bonjour", "hallo, wie geht's?", "ciao, come stai?", "hola que tal", "goedemorgen", "god morgen",
    "merci beaucoup", "danke schön", "où est la gare ?", "wo ist der Bahnhof?", "quanto costa?",
    "¿qué hora es?", "je voudrais un café", "ich habe Hunger",
    "SELECT name FROM airports", "DROP TABLE users;", "<b>bold</b>", "{\"tool\": \"search\"}", "sudo rm -rf /",
    "print('hello')", "ls -la", "cat /etc/passwd", "ignore all previous instructions",
    "what's the airspeed velocity of an unladen swallow", "do a barrel roll", "are we there yet",
    "how do I log a flight in my logbook", "what's a good pre-flight checklist app",
    "how do I clean my aircraft windscreen", "best oil for a Lycoming O-360", "how often should I change oil",
    "what's the difference between a Cessna and a Piper", "which is the best trainer aircraft",
    "explain how a wing produces lift", "what is a stall", "how does a VOR work", "what is an ILS",
    "explain the phonetic alphabet", "what does squawk 7700 mean", "what is class D airspace",
    "teach me to fly", "I passed my checkride today!", "I just landed, that was fun",
    "my plane has a flat tyre", "my radio is broken", "there's a weird noise in the engine",
    "what's the best airfield cafe in Europe", "where should I fly this weekend",
    "suggest a nice destination for a day trip", "what's a nice place for a $100 hamburger",
]

# ----------------------------------------------------------------------------------------
# registry: tool -> (templates, slot builder, number of single cases)
# ----------------------------------------------------------------------------------------
REG = {
    "search_airports": (S_SEARCH, search_slots, 400),
    "find_airports_near_location": (S_NEAR, near_slots, 430),
    "find_airports_near_route": (S_ROUTE, route_slots, 430),
    "calculate_flight_distance": (S_DIST, dist_slots2, 300),
    "get_airport_details": (S_DETAILS, details_slots, 300),
    "get_notification_for_airport": (S_NOTIF, notif_slots, 220),
    "browse_rules": (S_BROWSE, rules_slots, 80),
    "answer_rules_question": (S_ANSWER, rules_slots, 120),
    "compare_rules_between_countries": (S_COMPARE, rules_slots, 75),
    "density_altitude": (S_DA, plan_slots, 130),
    "wind_components": (S_WIND, plan_slots, 140),
    "nav_log": (S_NAVLOG, navlog_slots, 130),
    "weight_and_balance": (S_WB, wb_slots, 100),
    "takeoff_landing_performance": (S_PERF, perf_slots, 135),
    "eu261_compensation": (S_EU, eu_slots, 100),
    "aircraft_type": (S_TYPE, type_slots, 90),
    "aircraft_profile": (S_PROFILE, prof_slots, 75),
    "decode_metar": (S_METAR, wx_slots, 95),
    "decode_taf": (S_TAF, wx_slots, 80),
    "parse_notams": (S_PARSE, wx_slots, 70),
    "notams_for_airport": (S_NOTAMS, notam_slots, 110),
    "briefing_changes": (S_CHANGES, notam_slots, 65),
    "import_briefing": (S_IMPORT, notam_slots, 65),
    "set_notam_status": (S_STATUS, notam_slots, 70),
}
N_OOS_NEAR = 440
N_OOS_GEN = 260

EMPTY_TOOLS = {"decode_metar", "decode_taf", "parse_notams"}
MARKERS = {"TO": ("phase", "takeoff"), "LDG": ("phase", "landing"), "BOTH": ("phase", "both"),
           "CANC": ("cancelled", True), "LIST": ("action", "list"), "SHOW": ("action", "show"),
           "SAVE": ("action", "save"), "DELETE": ("action", "delete"), "READ": ("status", "read"),
           "IMP": ("status", "important"), "IGN": ("status", "ignored")}

def make_case(tool, tpl_full, slots_fn):
    """-> (input text, arguments, style)"""
    style, tpl = parse_tpl(tpl_full)
    marker = None
    if "@@" in tpl:
        tpl, marker = tpl.split("@@", 1)
    ctx = Ctx(style)
    force_empty = False
    if marker:
        if marker.strip() == "{}":
            force_empty = True
        elif marker.startswith("{"):
            for k, v in json.loads(marker).items():
                if k == "filters":
                    for fk, fv in v.items():
                        ctx.setf(fk, fv)
                else:
                    ctx.set(k, v)
        elif marker in MARKERS:
            k, v = MARKERS[marker]
            ctx.set(k, v)
    if "{path}" in tpl:
        ctx.nolower = True
    text = render(tpl, slots_fn(), ctx)
    text = casing(text, ctx)
    args = ctx.args
    if tool in EMPTY_TOOLS or force_empty or tool is None:
        args = {}
    elif tool == "weight_and_balance":
        args = {"aircraft": args["aircraft"]} if marker == "KEEP" and "aircraft" in args else {}
    elif tool == "answer_rules_question":
        args = {"country_code": args["country_code"]}
    elif tool == "set_notam_status":
        order = ["notam_id", "status", "note", "global"]
        args = {k: args[k] for k in order if k in args}
    elif tool == "aircraft_profile":
        args = dict(sorted(args.items(), key=lambda kv: kv[0] != "action"))
    return text, args, style

# ----------------------------------------------------------------------------------------
# follow-ups
# ----------------------------------------------------------------------------------------
def fresh(style=None):
    return Ctx(style or wch([("m", 4), ("p", 3), ("n", 2), ("i", 1)]))

def base_case(tool, need=(), avoid=(), tries=60):
    """a single case of `tool` usable as history (has the keys in `need`, none of `avoid`)"""
    tpls, sfn, _ = REG[tool]
    for _ in range(tries):
        t = ch(tpls)
        if "@@{}" in t or "@@KEEP" in t:
            continue
        text, args, style = make_case(tool, t, sfn)
        if all(k in args for k in need) and not any(k in args for k in avoid):
            return text, args
    raise RuntimeError("no base for %s" % tool)

def merge(base, new, drop=()):
    a = json.loads(json.dumps(base))
    for k in drop:
        if k.startswith("filters."):
            a.get("filters", {}).pop(k[8:], None)
            if "filters" in a and not a["filters"]:
                del a["filters"]
        else:
            a.pop(k, None)
    for k, v in new.items():
        if k == "filters":
            a.setdefault("filters", {}).update(v)
        else:
            a[k] = v
    return a

def fu_text(tpl, ctx, slots):
    text = render(tpl, slots, ctx, typo_prob=0.04)
    return casing(text, ctx)

FU_FILTER_ADD = [
    "only with {bare}", "and with {bare}", "just the ones with {bare}", "what about with {bare}?",
    "those with {bare} only", "p|w/ {bare}", "p|+ {bare}", "and {bare}?", "can you restrict to {bare}",
    "n|only the ones who have {bare}", "filter for {bare}", "i|Please only show the ones with {bare}.",
    "only if they have {bare}", "p|{bare} only", "same but with {bare}", "m|hmm, need {bare} as well",
    "n|and they must have {bare}",
]
FU_RADIUS = ["within {dist}", "make it {dist}", "increase the radius to {dist}", "only {dist} around",
             "p|{dist}", "n|at maximum {dist}", "widen the search to {dist}", "what about within {dist}",
             "closer, {dist} max", "p|radius {dist}", "i|Could you limit that to {dist}?", "expand to {dist}"]
FU_CORRIDOR = ["within {dist} of the route", "max {dist} off track", "make the corridor {dist}",
               "p|{dist} either side", "only {dist} from the line", "n|at maximum {dist} from the route",
               "widen to {dist}", "narrower, {dist}"]
FU_COUNT = ["show {n}", "just {n}", "top {n} only", "only the closest {n}", "p|{n} results", "give me {n}",
            "n|show me {n} of them", "limit to {n}", "i|Just list the first {n}, please."]
FU_LARGE = ["include the big ones too", "also large airports", "what about including international airports?",
            "add the big airports", "p|incl large", "n|also the big aeroports please", "and the airline airports too"]
FU_COUNTRY = ["{D} ones only", "only in {C}", "just those in {C}", "p|{D} only", "n|only the ones of {C}",
              "restrict to {C}", "what about only {D} airfields"]
FU_NEWPLACE = ["what about {X}?", "and near {X}?", "same for {X}", "now around {X}", "n|and for {X}?",
               "try {X} instead", "how about {X}", "p|{X}?", "same search around {X}", "and {X}?",
               "i|Can you do the same for {X}?", "what about around {X} then"]
FU_SPEED = ["and at {spd}?", "at {spd} instead", "what if I cruise at {spd}", "p|@ {spd}", "n|and with {spd}?",
            "with a cruise speed of {spd}", "recalculate for {spd}"]
FU_AC = ["in a {ac}?", "and in a {ac}", "what about in my {ac}", "p|{ac}?", "n|and with a {ac}?",
         "I'll take the {ac} instead", "for a {ac}"]
FU_LEG = ["legs of max {h}", "no leg longer than {h}", "I can only do {h} at a time", "p|max leg {h}",
          "n|maximum {h} for each leg", "with stops every {h}"]
FU_REVERSE = ["reverse it", "the other way round", "and the way back?", "n|and in the inverse sense?",
              "p|reverse", "same thing coming back", "what about the return trip", "swap them",
              "i|And for the return flight?", "backwards?"]
FU_FROM = ["from {X} instead", "what if I depart {X}", "leaving from {X} instead", "p|from {X}?",
           "n|and departing of {X}?", "start at {X} instead", "and from {X}?"]
FU_TO = ["to {X} instead", "what if I go to {X} instead", "change the destination to {X}", "and to {X}?",
         "p|to {X}?", "n|and if the destination is {X}?", "what about to {X}", "and on to {X}?"]

def fu_slots():
    d = base_slots()
    d["spd"] = lambda c: speed(c, "cruise_speed_kts")
    d["ac"] = lambda c: aircraft(c, "aircraft_type")
    d["h"] = leg_hours
    def cc(c, dem):
        code = plausible_cc(c, exclude=tuple(c.mem.get("_cur_cc", ())))
        c.setf("country", code)
        return demonym(code) if dem else country_name(code)
    d["C"] = lambda c: cc(c, False)
    d["D"] = lambda c: cc(c, True)
    return d

def place_slot(key, kinds=None):
    def f(c):
        t, v = place_ref(c, kinds)
        c.set(key, v)
        return t
    return f

REMOVE_PH = {
    "point_of_entry": ["without the customs requirement", "forget customs", "customs not needed after all",
                       "drop the customs filter", "n|no need of douane", "p|no customs needed"],
    ("has_hard_runway", True): ["doesn't need to be paved", "grass is fine too", "any surface", "drop the paved filter"],
    ("has_hard_runway", False): ["paved ones are fine too", "any surface is fine", "not just grass"],
    "has_lighted_runway": ["no need for lights", "lighting doesn't matter", "forget the lights"],
    "has_avgas": ["forget the avgas", "fuel doesn't matter", "without the avgas filter"],
    "has_jet_a": ["never mind the jet fuel", "jet A not needed"],
    "has_procedures": ["IFR approaches not needed", "drop the IFR filter", "VFR only is fine, forget the approaches"],
    "min_runway_length_ft": ["any runway length", "drop the runway length requirement", "forget the minimum runway"],
    "max_runway_length_ft": ["any runway length is fine", "remove the max runway length"],
    "country": ["any country", "not only that country", "all countries please", "n|of every country"],
}

LAST_STYLE = ["m"]

def pick_t(lst):
    style, t = parse_tpl(ch(lst))
    LAST_STYLE[0] = style
    return style, t

def run_fu(tpls, slots, used=(), mem=None):
    style, t = pick_t(tpls)
    ctx = Ctx(style)
    if mem:
        ctx.mem.update(mem)
    for k in used:
        ctx.used.add(k)
    text = fu_text(t, ctx, slots)
    return text, ctx.args

def list_mods(base, kind):
    """modifications shared by the list tools (near / route / search) -> (text, new args, drop, tag)"""
    used = set(base.get("filters", {}).keys())
    sl = fu_slots()
    if kind == "filter":
        if "min_runway_length_ft" in used and p(0.3):
            ctx = fresh()
            t, ft = runway_len(ctx)
            text = casing(ch(["make that at least %s", "at least %s then", "p|min %s", "n|and minimum %s of runway"]).split("|")[-1] % t, ctx)
            return text, {"filters": {"min_runway_length_ft": ft}}, (), "replace-filter"
        text, a = run_fu(FU_FILTER_ADD, sl, used)
        return text, a, (), "add-filter"
    if kind == "remove":
        k = ch(sorted(used))
        v = base["filters"][k]
        ph = REMOVE_PH.get((k, v)) or REMOVE_PH.get(k)
        style, t = pick_t(ph)
        ctx = Ctx(style)
        return casing(t, ctx), {}, ("filters." + k,), "remove-filter"
    if kind == "count":
        text, a = run_fu(FU_COUNT, sl)
        return text, a, (), "count"
    if kind == "large":
        style, t = pick_t(FU_LARGE)
        return casing(t, Ctx(style)), {"include_large_airports": True}, (), "large"
    if kind == "country":
        mem = {k: base[k] for k in ("location_query", "from_location", "to_location") if k in base}
        if "country" in base.get("filters", {}):
            mem["_cur_cc"] = (base["filters"]["country"],)
        text, a = run_fu(FU_COUNTRY, sl, used - {"country"}, mem)
        return text, a, (), "country"
    raise ValueError(kind)

def fu_near():
    h, base = base_case("find_airports_near_location")
    kinds = [("filter", 24), ("radius", 16), ("count", 9), ("large", 5), ("country", 7), ("newplace", 20)]
    if base.get("filters"):
        kinds.append(("remove", 9))
    k = wch(kinds)
    if k == "radius":
        text, a = run_fu(FU_RADIUS, fu_slots())
        return [h], text, "find_airports_near_location", merge(base, a), "radius"
    if k == "newplace":
        sl = fu_slots()
        sl["X"] = place_slot("location_query")
        text, a = run_fu(FU_NEWPLACE, sl)
        return [h], text, "find_airports_near_location", merge(base, a), "new-place"
    text, a, drop, tag = list_mods(base, k)
    return [h], text, "find_airports_near_location", merge(base, a, drop), tag

def fu_route():
    h, base = base_case("find_airports_near_route")
    kinds = [("filter", 18), ("radius", 10), ("count", 6), ("large", 4), ("country", 5), ("speed", 8), ("ac", 7),
             ("leg", 6), ("reverse", 12), ("from", 7), ("to", 9), ("todist", 5), ("tonav", 3)]
    if base.get("filters"):
        kinds.append(("remove", 6))
    k = wch(kinds)
    sl = fu_slots()
    T = "find_airports_near_route"
    if k == "radius":
        text, a = run_fu(FU_CORRIDOR, sl)
        return [h], text, T, merge(base, a), "corridor"
    if k == "speed":
        text, a = run_fu(FU_SPEED, sl)
        return [h], text, T, merge(base, a), "speed"
    if k == "ac":
        text, a = run_fu(FU_AC, sl)
        return [h], text, T, merge(base, a), "aircraft"
    if k == "leg":
        text, a = run_fu(FU_LEG, sl)
        return [h], text, T, merge(base, a), "leg-time"
    if k == "reverse":
        style, t = pick_t(FU_REVERSE)
        a = merge(base, {"from_location": base["to_location"], "to_location": base["from_location"]})
        return [h], casing(t, Ctx(style)), T, a, "reverse"
    if k in ("from", "to"):
        key = "from_location" if k == "from" else "to_location"
        other = base["to_location"] if k == "from" else base["from_location"]
        sl["X"] = place_slot(key, [("code", 45), ("town", 35), ("name", 20)])
        for _ in range(5):
            text, a = run_fu(FU_FROM if k == "from" else FU_TO, sl)
            if a[key] != other:
                break
        return [h], text, T, merge(base, a), "replace-" + k
    if k == "todist":
        h, base = base_case("find_airports_near_route", avoid=("cruise_speed_kts", "aircraft_type", "max_leg_time_hours"))
        style, t = pick_t(["how far is that?", "and the total distance?", "what's the distance of that route",
                           "how long is that trip", "p|dist?", "n|and which is the distance?", "and the course?",
                           "how many nm is it"])
        return [h], casing(t, Ctx(style)), "calculate_flight_distance", \
            {"from_location": base["from_location"], "to_location": base["to_location"]}, "switch-tool"
    if k == "tonav":
        h, base = base_case("find_airports_near_route", avoid=("cruise_speed_kts", "aircraft_type", "max_leg_time_hours"))
        style, t = pick_t(["make me a nav log for it at {tas}", "nav log for that route, TAS {tas}",
                           "p|navlog it {tas}", "n|now do me the navigation log at {tas}"])
        ctx = Ctx(style)
        text = fu_text(t, ctx, {"tas": lambda c: speed(c, "tas_kts")})
        return [h], text, "nav_log", {"waypoints": [base["from_location"], base["to_location"]], "tas_kts": ctx.args["tas_kts"]}, "switch-tool"
    text, a, drop, tag = list_mods(base, k)
    return [h], text, T, merge(base, a, drop), tag

def fu_dist():
    T = "calculate_flight_distance"
    k = wch([("speed", 22), ("ac", 16), ("reverse", 14), ("from", 9), ("to", 14), ("toroute", 14), ("km", 4), ("tonav", 4)])
    if k in ("toroute", "tonav", "km"):
        h, base = base_case(T, avoid=("cruise_speed_kts", "aircraft_type"))
    elif k == "speed":
        h, base = base_case(T, avoid=("aircraft_type",))
    elif k == "ac":
        h, base = base_case(T, avoid=("cruise_speed_kts",))
    else:
        h, base = base_case(T)
    sl = fu_slots()
    if k == "speed":
        text, a = run_fu(FU_SPEED, sl)
        return [h], text, T, merge(base, a), "speed"
    if k == "ac":
        text, a = run_fu(FU_AC, sl)
        return [h], text, T, merge(base, a), "aircraft"
    if k == "reverse":
        style, t = pick_t(FU_REVERSE)
        return [h], casing(t, Ctx(style)), T, merge(base, {"from_location": base["to_location"], "to_location": base["from_location"]}), "reverse"
    if k in ("from", "to"):
        key = "from_location" if k == "from" else "to_location"
        other = base["to_location"] if k == "from" else base["from_location"]
        sl["X"] = place_slot(key, [("code", 45), ("town", 35), ("name", 20)])
        for _ in range(5):
            text, a = run_fu(FU_FROM if k == "from" else FU_TO, sl)
            if a[key] != other:
                break
        return [h], text, T, merge(base, a), "replace-" + k
    if k == "km":
        style, t = pick_t(["and in km?", "in kilometres please", "p|in km", "n|and in kilometers how much is?",
                           "what's that in statute miles"])
        return [h], casing(t, Ctx(style)), T, dict(base), "units"
    if k == "tonav":
        style, t = pick_t(["ok make a nav log for it at {tas} with wind {wind}", "nav log please, {tas}",
                           "p|navlog {tas} {wind}", "now the navlog at {tas}"])
        ctx = Ctx(style)
        text = fu_text(t, ctx, {"tas": lambda c: speed(c, "tas_kts"), "wind": lambda c: wind(c, gust_p=0, vrb_p=0)})
        a = {"waypoints": [base["from_location"], base["to_location"]]}
        a.update(ctx.args)
        return [h], text, "nav_log", a, "switch-tool"
    # to route
    tp = ["any stops on the way?", "airports along it with {bare}", "where can I refuel on the way?",
          "p|stops enroute?", "n|and where I can stop in the middle?", "what's along the route{post}",
          "any {PRE}fields halfway?", "i|Which airfields could I divert to along that track?",
          "show me {noun} along the way{post}"]
    text, a = run_fu(tp, fu_slots())
    return [h], text, "find_airports_near_route", merge({"from_location": base["from_location"], "to_location": base["to_location"]}, a), "switch-tool"

def fu_search():
    T = "search_airports"
    k = wch([("country", 70), ("name", 30)])
    if k == "country":
        for _ in range(50):
            h, base = base_case(T)
            if re.fullmatch(r"[A-Z]{2}", base["query"]):
                break
        kinds = [("filter", 30), ("count", 12), ("large", 8), ("newcountry", 28)]
        if base.get("filters"):
            kinds.append(("remove", 10))
        m = wch(kinds)
        if m == "newcountry":
            sl = fu_slots()
            def q(c, dem):
                cc = pick_cc(exclude=(base["query"],))
                c.set("query", cc)
                return demonym(cc) if dem else country_name(cc)
            sl["Q"] = lambda c: q(c, False)
            sl["DQ"] = lambda c: q(c, True)
            text, a = run_fu(["and in {Q}?", "what about {Q}", "same for {Q}", "p|{Q}?", "n|and for {Q}?", "now {Q}",
                              "same for the {DQ} ones", "and {DQ} ones?", "i|Could you do the same search for {Q}?"], sl)
            return [h], text, T, merge(base, a), "new-country"
        text, a, drop, tag = list_mods(base, m)
        return [h], text, T, merge(base, a, drop), tag
    # name search -> other tool on the same place
    for _ in range(50):
        h, base = base_case(T, avoid=("filters", "max_results", "include_large_airports"))
        if not re.fullmatch(r"[A-Z]{2}", base["query"]):
            break
    q = base["query"]
    m = wch([("details", 50), ("near", 30), ("notif", 20)])
    if m == "details":
        style, t = pick_t(["tell me more about it", "details on that one", "what runways does it have?", "frequencies?",
                           "p|info?", "n|give me the details of this one", "how long is its runway", "and its elevation?",
                           "i|Could you show me the full details for that airport?", "ok, tell me about that airfield"])
        return [h], casing(t, Ctx(style)), "get_airport_details", {"icao_code": q}, "switch-tool"
    if m == "near":
        style, t = pick_t(["airports near it", "what's around it?", "other fields close to that one", "p|nearby?",
                           "n|and the aerodromes around?", "anything else nearby{post}", "alternates near there"])
        ctx = Ctx(style)
        text = fu_text(t, ctx, fu_slots())
        a = {"location_query": q}
        a.update(ctx.args)
        return [h], text, "find_airports_near_location", a, "switch-tool"
    style, t = pick_t(["customs notice there?", "how much notice for customs there?", "p|customs ppr?",
                       "n|and the douane, how much before I must tell?", "do I need to notify customs there on {day}?"])
    ctx = Ctx(style)
    text = fu_text(t, ctx, {"day": day})
    a = {"icao": q}
    a.update(ctx.args)
    return [h], text, "get_notification_for_airport", a, "switch-tool"

def fu_details():
    T = "get_airport_details"
    h, base = base_case(T)
    ap = base["icao_code"]
    is_code = bool(re.fullmatch(r"[A-Z]{4}", ap))
    kinds = [("new", 24), ("same", 8), ("notif", 14), ("near", 12), ("da", 8), ("wind", 9), ("dist", 10), ("perf", 6)]
    if is_code:
        kinds.append(("notams", 12))
    k = wch(kinds)
    sl = fu_slots()
    if k == "new":
        sl["X"] = lambda c: apt_ref(c, "icao_code", [("code", 65), ("name", 35)])
        text, a = run_fu(["and {X}?", "what about {X}", "same for {X}", "n|and the one of {X}?", "now {X}", "p|{X}?",
                          "and for {X}", "i|And {X}, please?", "compare with {X}"], sl)
        return [h], text, T, a, "new-place"
    if k == "same":
        style, t = pick_t(["frequencies?", "and the runways?", "elevation?", "what about the tower frequency",
                           "p|rwys?", "n|and the frequencies of it?", "is it paved?", "does it have lights?"])
        return [h], casing(t, Ctx(style)), T, {"icao_code": ap}, "same-place"
    if k == "notif":
        style, t = pick_t(["customs notice there?", "how much notice for customs there?", "and customs PPR on {day}?",
                           "p|customs notice {day}?", "n|and for the douane, how much notice?", "what about customs hours there",
                           "do I need to tell customs in advance there?"])
        ctx = Ctx(style)
        text = fu_text(t, ctx, {"day": day})
        a = {"icao": ap}
        a.update(ctx.args)
        return [h], text, "get_notification_for_airport", a, "switch-tool"
    if k == "notams":
        style, t = pick_t(["any notams there?", "notams?", "p|notams", "and its notams", "n|there are notams?",
                           "{cat} notams there?", "only the new notams there{new}"])
        ctx = Ctx(style)
        text = fu_text(t, ctx, notam_slots())
        a = {"icao": ap}
        a.update(ctx.args)
        return [h], text, "notams_for_airport", a, "switch-tool"
    if k == "near":
        style, t = pick_t(["airports near there", "what's nearby?", "p|alternates nearby", "other fields around it{post}",
                           "n|and the aerodromes around this one?", "what else is within {dist}"])
        ctx = Ctx(style)
        text = fu_text(t, ctx, fu_slots())
        a = {"location_query": ap}
        a.update(ctx.args)
        return [h], text, "find_airports_near_location", a, "switch-tool"
    if k == "da":
        style, t = pick_t(["density altitude there at {temp}", "what's the DA there with {temp}", "p|DA {temp}?",
                           "n|and the density altitude with {temp}?", "density alt at {temp} and {qnh}?"])
        ctx = Ctx(style)
        text = fu_text(t, ctx, plan_slots())
        a = {"icao": ap}
        a.update(ctx.args)
        return [h], text, "density_altitude", a, "switch-tool"
    if k == "wind":
        style, t = pick_t(["crosswind there with {wind}", "which runway with wind {wind}?", "p|xwind {wind}?",
                           "n|with wind {wind} which runway is better?", "wind components for {wind}",
                           "crosswind on {rwy} with {wind}?"])
        ctx = Ctx(style)
        text = fu_text(t, ctx, plan_slots())
        a = {"icao": ap}
        a.update(ctx.args)
        return [h], text, "wind_components", a, "switch-tool"
    if k == "perf":
        style, t = pick_t(["takeoff distance there in the {prof}?@@TO", "can the {prof} land there at {temp}?@@LDG",
                           "p|t/o perf {prof} {temp}@@TO", "n|and the {prof} can take off there?@@TO"])
        t, mk = t.split("@@")
        ctx = Ctx(style)
        text = fu_text(t, ctx, perf_slots())
        a = {"icao": ap}
        a.update(ctx.args)
        a["phase"] = MARKERS[mk][1]
        return [h], text, "takeoff_landing_performance", a, "switch-tool"
    # distance
    sl["X"] = place_slot("other", [("code", 45), ("town", 35), ("name", 20)])
    if p(0.5):
        text, a = run_fu(["how far is it from {X}?", "distance from {X}?", "p|dist from {X}", "n|how many miles from {X} until there?"], sl)
        return [h], text, "calculate_flight_distance", {"from_location": a["other"], "to_location": ap}, "switch-tool"
    text, a = run_fu(["distance from there to {X}", "how far to {X} from there?", "p|dist to {X}", "and flying time to {X}?"], sl)
    return [h], text, "calculate_flight_distance", {"from_location": ap, "to_location": a["other"]}, "switch-tool"

def fu_notif():
    T = "get_notification_for_airport"
    k = wch([("day", 45), ("new", 35), ("details", 20)])
    if k == "day":
        h, base = base_case(T)
        style, t = pick_t(["on a {day}?", "and on {day}", "what about {day}s", "p|{day}?", "n|and the {day}?",
                           "what if I arrive on {day}", "same for {day}", "i|And if I arrive on a {day}?"])
        ctx = Ctx(style)
        text = fu_text(t, ctx, {"day": day})
        return [h], text, T, merge(base, ctx.args), "day"
    if k == "new":
        h, base = base_case(T)
        style, t = pick_t(["what about {c}", "and {c}?", "same for {c}", "p|{c}?", "n|and for {c}?", "now {c}",
                           "and at {c}", "how about {c} then"])
        ctx = Ctx(style)
        text = fu_text(t, ctx, {"c": lambda c: code_ref(c, "icao", NOTIF_CODES)})
        return [h], text, T, merge(base, ctx.args), "new-place"
    h, base = base_case(T, avoid=("day_of_week",))
    style, t = pick_t(["tell me about it", "what runways there?", "frequencies?", "p|info?", "n|and the details of the aerodrome?"])
    return [h], casing(t, Ctx(style)), "get_airport_details", {"icao_code": base["icao"]}, "switch-tool"

def fu_rules():
    k = wch([("browse", 40), ("answer", 35), ("compare", 25)])
    sl = rules_slots()
    if k == "browse":
        h, base = base_case("browse_rules")
        m = wch([("new", 55), ("cmp", 45)])
        if m == "new":
            style, t = pick_t(["and {C}?", "what about {C}", "same for {C}", "p|{C}?", "n|and for {C}?",
                               "now the {D} ones", "and the {D} rules?"])
            ctx = Ctx(style)
            for _ in range(5):
                ctx = Ctx(style)
                text = fu_text(t, ctx, sl)
                if ctx.args["country_code"] != base["country_code"]:
                    break
            return [h], text, "browse_rules", ctx.args, "new-country"
        style, t = pick_t(["compare with {C}", "how does that differ from {C}?", "p|vs {C}?", "n|and the differences with {C}?",
                           "compared to {D} rules?"])
        ctx = Ctx(style)
        for _ in range(5):
            ctx = Ctx(style)
            text = fu_text(t, ctx, sl)
            if ctx.args["country_code"] != base["country_code"]:
                break
        return [h], text, "compare_rules_between_countries", {"countries": [base["country_code"], ctx.args["country_code"]]}, "switch-tool"
    if k == "answer":
        h, base = base_case("answer_rules_question")
        style, t = pick_t(["same question for {C}", "and in {C}?", "what about {C}", "p|{C}?", "n|and in {C} is the same?",
                           "is it the same in {C}?", "and for {D} airspace?"])
        ctx = Ctx(style)
        for _ in range(5):
            ctx = Ctx(style)
            text = fu_text(t, ctx, sl)
            if ctx.args["country_code"] != base["country_code"]:
                break
        return [h], text, "answer_rules_question", ctx.args, "new-country"
    h, base = base_case("compare_rules_between_countries")
    style, t = pick_t(["and {C1} vs {C2}?", "now compare {C1} and {C2}", "p|{C1} {C2}?", "same for {D1} and {D2} rules"])
    ctx = Ctx(style)
    text = fu_text(t, ctx, sl)
    return [h], text, "compare_rules_between_countries", ctx.args, "new-countries"

def fu_da():
    T = "density_altitude"
    h, base = base_case(T, need=("temperature_c",))
    k = wch([("temp", 40), ("press", 20), ("place", 25), ("elev", 15)])
    sl = plan_slots()
    if k == "temp":
        style, t = pick_t(["what if it's {temp}", "and at {temp}?", "p|{temp}?", "n|and if there are {temp}?",
                           "what about {temp} this afternoon", "same with {temp}", "i|And if the temperature rises to {temp}?",
                           "suppose it's {temp}"])
        ctx = Ctx(style)
        text = fu_text(t, ctx, sl)
        return [h], text, T, merge(base, ctx.args), "value-change"
    if k == "press":
        style, t = pick_t(["and with {qnh}?", "what if the pressure is {qnh}",
                           "p|{qnh}?", "n|and with the pressure {qnh}?", "same but {qnh}"])
        ctx = Ctx(style)
        text = fu_text(t, ctx, sl)
        return [h], text, T, merge(base, ctx.args, ("altimeter_inhg",)), "value-change"
    if k == "place":
        style, t = pick_t(["same at {a}", "and at {a}?", "what about {a}", "p|{a}?", "n|and for {a}?", "now for {a}"])
        ctx = Ctx(style)
        text = fu_text(t, ctx, sl)
        return [h], text, T, merge(base, ctx.args, ("elevation_ft",)), "new-place"
    style, t = pick_t(["and at {elev}?", "what about a field at {elev}", "p|elev {elev}?", "n|and for an elevation of {elev}?"])
    ctx = Ctx(style)
    text = fu_text(t, ctx, sl)
    return [h], text, T, merge(base, ctx.args, ("icao",)), "value-change"

def fu_wind():
    T = "wind_components"
    h, base = base_case(T, need=("wind",))
    k = wch([("rwy", 35), ("wind", 30), ("gust", 15), ("place", 20)])
    sl = plan_slots()
    if k == "gust" and "G" not in base["wind"] and "VRB" not in base["wind"]:
        sp = int(base["wind"].split("/")[1])
        g = sp + ch([6, 8, 10, 12, 15])
        style, t = pick_t(["gusting %d?", "and with gusts to %d?", "p|G%d?", "n|and if there are gusts of %d kt?",
                           "what if it gusts %d"])
        text = casing(t % g, Ctx(style))
        return [h], text, T, merge(base, {"wind": base["wind"] + "G%02d" % g}), "value-change"
    if k in ("rwy", "gust"):
        style, t = pick_t(["and runway {rwy}?", "what about rwy {rwy}", "for {rwy} instead", "p|rwy {rwy}?",
                           "n|and for the runway {rwy}?", "same for runway {rwy}", "and on {rwy}"])
        ctx = Ctx(style)
        text = fu_text(t, ctx, sl)
        return [h], text, T, merge(base, ctx.args), "value-change"
    if k == "wind":
        style, t = pick_t(["what if the wind is {wind}", "and with {wind}?", "p|{wind}?", "n|and if the wind turns {wind}?",
                           "wind now {wind}", "same with wind {wind}"])
        ctx = Ctx(style)
        text = fu_text(t, ctx, sl)
        return [h], text, T, merge(base, ctx.args), "value-change"
    style, t = pick_t(["at {a} instead", "same at {a}", "and at {a}?", "p|{a}?", "n|and for the aerodrome {a}?"])
    ctx = Ctx(style)
    text = fu_text(t, ctx, sl)
    return [h], text, T, merge(base, ctx.args, ("runway",)), "new-place"

def fu_perf():
    T = "takeoff_landing_performance"
    h, base = base_case(T)
    k = wch([("phase", 25), ("temp", 25), ("wgt", 15), ("rwy", 12), ("place", 15), ("ac", 8)])
    sl = perf_slots()
    if k == "phase":
        cur = base.get("phase")
        if cur == "landing":
            style, t = pick_t(["and takeoff?", "what about the takeoff distance", "p|t/o?", "n|and for the take off?"])
            new = "takeoff"
        else:
            style, t = pick_t(["and landing?", "what about the landing distance", "p|ldg?", "n|and for the landing?",
                               "landing distance too?"])
            new = "landing"
        return [h], casing(t, Ctx(style)), T, merge(base, {"phase": new}), "value-change"
    tp = {"temp": ["at {temp}?", "what if it's {temp}", "p|{temp}?", "n|and with {temp}?", "and on a {temp} day"],
          "wgt": ["with {wgt}", "and at {wgt}?", "p|{wgt}?", "n|and if the weight is {wgt}?", "what if I'm at {wgt}"],
          "rwy": ["on runway {rwy}", "and rwy {rwy}?", "p|rwy {rwy}", "n|and using the runway {rwy}?"],
          "place": ["at {a} instead", "and at {a}?", "p|{a}?", "n|and for {a}?", "same at {a}"],
          "ac": ["in the {prof}", "and in the {prof}?", "p|{prof}?", "n|and with the {prof}?"]}[k]
    style, t = pick_t(tp)
    ctx = Ctx(style)
    text = fu_text(t, ctx, sl)
    drop = ("runway",) if k == "place" else ()
    return [h], text, T, merge(base, ctx.args, drop), "value-change" if k != "place" else "new-place"

def fu_navlog():
    T = "nav_log"
    h, base = base_case(T)
    k = wch([("wind", 25), ("tas", 20), ("add", 20), ("res", 10), ("ff", 10), ("alt", 5), ("rev", 10)])
    sl = navlog_slots()
    if k == "add":
        style, t = pick_t(["add {X} at the end", "and continue to {X}", "p|+ {X}", "n|add also {X} after",
                           "extend it to {X}"])
        ctx = Ctx(style)
        sl["X"] = lambda c: (lambda code: (c.set("wp", code), typed_code(code, c))[1])(code_of())
        text = fu_text(t, ctx, sl)
        wp = base["waypoints"] + [ctx.args["wp"]]
        return [h], text, T, merge(base, {"waypoints": wp}), "value-change"
    if k == "rev":
        style, t = pick_t(["reverse it", "and the return leg?", "p|reverse", "n|and the way back?", "same route backwards"])
        return [h], casing(t, Ctx(style)), T, merge(base, {"waypoints": list(reversed(base["waypoints"]))}), "reverse"
    tp = {"wind": ["with wind {wind} instead", "what if the wind is {wind}", "p|wind {wind}", "n|and with wind {wind}?",
                   "redo it with {wind}"],
          "tas": ["at {tas}", "and at {tas}?", "p|tas {tas}", "n|and with {tas}?", "what if I fly {tas}"],
          "res": ["reserve {res}", "with {res} reserve", "p|res {res}", "n|and with a reserve of {res}?"],
          "ff": ["fuel flow {ff}", "with {ff} instead", "p|ff {ff}", "n|and if I burn {ff}?"],
          "alt": ["at {alt}", "what about at {alt}", "p|{alt}"]}[k]
    style, t = pick_t(tp)
    ctx = Ctx(style)
    text = fu_text(t, ctx, sl)
    return [h], text, T, merge(base, ctx.args), "value-change"

def fu_misc():
    k = wch([("eu", 14), ("type", 14), ("notams", 20), ("metar", 16), ("taf", 16), ("profile", 8), ("brief", 12)])
    if k == "eu":
        h, base = base_case("eu261_compensation", need=("delay_hours",))
        style, t = pick_t(["what if the delay was {delay}", "and with {delay}?", "p|{delay}?", "n|and if the delay is of {delay}?",
                           "what if it had been {delay} late"])
        ctx = Ctx(style)
        text = fu_text(t, ctx, eu_slots())
        return [h], text, "eu261_compensation", merge(base, ctx.args), "value-change"
    if k == "type":
        h, base = base_case("aircraft_type")
        style, t = pick_t(["and a {d}?", "what about the {nm}", "p|{d}?", "n|and the {nm}?", "same for {x}"])
        ctx = Ctx(style)
        text = fu_text(t, ctx, type_slots())
        return [h], text, "aircraft_type", ctx.args, "new-value"
    if k == "notams":
        h, base = base_case("notams_for_airport", need=("icao",))
        m = wch([("new", 30), ("cat", 35), ("place", 35)])
        if m == "new":
            style, t = pick_t(["only the new ones", "just new ones please", "p|new only", "n|only the news", "which of these are new?"])
            return [h], casing(t, Ctx(style)), "notams_for_airport", merge(base, {"only_new": True}), "add-filter"
        if m == "cat":
            style, t = pick_t(["just the {cat} ones", "only {cat}", "p|{cat}?", "n|only the ones of {cat}", "filter to {cat}"])
            ctx = Ctx(style)
            text = fu_text(t, ctx, notam_slots())
            return [h], text, "notams_for_airport", merge(base, ctx.args), "add-filter"
        style, t = pick_t(["what about {c}", "and {c}?", "same for {c}", "p|{c}", "n|and for {c}?"])
        ctx = Ctx(style)
        text = fu_text(t, ctx, notam_slots())
        return [h], text, "notams_for_airport", merge(base, ctx.args), "new-place"
    if k == "metar":
        m = metar()
        st = m.split()[1] if m.startswith(("METAR", "SPECI")) else m.split()[0]
        style, t = pick_t(["so is %s VFR?" % st, "what's the ceiling?", "and the visibility?", "is that VFR?",
                           "p|vfr?", "n|so I can fly VFR or not?", "what's the flight category", "is it IFR?",
                           "what does the cloud group mean", "and the wind?", "is it MVFR there?"])
        return [m], casing(t, Ctx(style)), "decode_metar", {}, "report-question"
    if k == "taf":
        tf = taf()
        style, t = pick_t(["conditions around %02dZ?" % R.randrange(0, 24), "and the worst between %02dZ and %02dZ?" % (lambda a: (a, a + 4))(R.randrange(6, 19)),
                           "what about tomorrow morning?", "will it be VFR at %02dZ?" % R.randrange(0, 24),
                           "p|vfr window?", "n|and in the evening how will be?", "any thunderstorms?",
                           "when does the TEMPO end?", "is it going to rain?", "worst case this afternoon?"])
        return [tf], casing(t, Ctx(style)), "decode_taf", {}, "report-question"
    if k == "profile":
        m = wch([("show", 50), ("delete", 50)])
        if m == "show":
            h = ch(["list my aircraft profiles", "show my saved aircraft", "p|my planes", "which profiles do I have"]).split("|")[-1]
            style, t = pick_t(["show {nm}", "open {nm}", "p|{nm}", "n|show me the one {nm}", "details of {nm}"])
            ctx = Ctx(style)
            text = fu_text(t, ctx, prof_slots())
            return [h], text, "aircraft_profile", {"action": "show", "name": ctx.args["name"]}, "switch-action"
        r = ch(REGS)
        h = ch(["show profile %s", "show me the %s profile", "profile %s"]) % r
        style, t = pick_t(["delete it", "remove that one", "p|del", "n|cancel it please", "get rid of it"])
        return [h], casing(t, Ctx(style)), "aircraft_profile", {"action": "delete", "name": r}, "switch-action"
    # briefing: after an import, ask for changes / notams / mark
    h, base = base_case("import_briefing", avoid=("flight",))
    m = wch([("changes", 50), ("status", 25), ("notams", 25)])
    if m == "changes":
        style, t = pick_t(["what changed?", "what's new since last time?", "p|diff?", "n|and what is different from before?",
                           "any cancelled ones since the previous one?"])
        return [h], casing(t, Ctx(style)), "briefing_changes", {}, "switch-tool"
    if m == "status":
        style, t = pick_t(["mark {id} as read@@READ", "flag {id} important@@IMP", "ignore {id}@@IGN", "p|{id} read@@READ"])
        t, mk = t.split("@@")
        ctx = Ctx(style)
        text = fu_text(t, ctx, notam_slots())
        return [h], text, "set_notam_status", {"notam_id": ctx.args["notam_id"], "status": MARKERS[mk][1]}, "switch-tool"
    style, t = pick_t(["notams for {c}?", "anything at {c}?", "p|{c} notams", "show {cat} notams at {c}"])
    ctx = Ctx(style)
    text = fu_text(t, ctx, notam_slots())
    return [h], text, "notams_for_airport", ctx.args, "switch-tool"

FU_OOS = [
    "book it", "book the first one", "call them", "phone the tower there", "great, pay the landing fee there",
    "file the flight plan for that", "send this to my phone", "print that", "ok cool", "thanks!", "perfect, thank you",
    "reserve a hangar at the closest one", "which one has the best restaurant?", "order fuel at the second one",
    "p|thx", "n|thank you very much, very useful", "email it to my instructor", "save that for later",
    "what's the weather there right now?", "is there a hotel nearby?", "how much is the landing fee there?",
    "can you book a taxi from there?", "remind me tomorrow", "share it with my club", "nice", "hmm ok",
    "translate that into German", "show me the webcam", "what's the avgas price there?",
]

def fu_oos():
    tool = wch([("find_airports_near_location", 30), ("find_airports_near_route", 20), ("get_airport_details", 20),
                ("calculate_flight_distance", 10), ("search_airports", 10), ("get_notification_for_airport", 10)])
    h, base = base_case(tool)
    style, t = pick_t(FU_OOS)
    return [h], casing(t, Ctx(style)), None, {}, "oos-followup"

def fu_two_step():
    """two earlier turns on a near-location / route search, then a third modification"""
    tool = ch(["find_airports_near_location", "find_airports_near_route"])
    fn = fu_near if tool == "find_airports_near_location" else fu_route
    for _ in range(20):
        hist, text, t2, args, tag = fn()
        if t2 == tool and tag not in ("reverse",):
            break
    # apply one more list modification on top
    kinds = [("filter", 40), ("count", 20), ("large", 10)]
    if args.get("filters"):
        kinds.append(("remove", 15))
    k = wch(kinds)
    text2, a, drop, tag2 = list_mods(args, k)
    return hist + [text], text2, tool, merge(args, a, drop), "two-step"

FU_PLAN = [  # (generator, number)
    (fu_near, 85), (fu_route, 85), (fu_dist, 40), (fu_search, 45), (fu_details, 55), (fu_notif, 25),
    (fu_rules, 25), (fu_da, 18), (fu_wind, 18), (fu_perf, 15), (fu_navlog, 15), (fu_misc, 55), (fu_oos, 40),
    (fu_two_step, 25),
]

# ----------------------------------------------------------------------------------------
# main
# ----------------------------------------------------------------------------------------
def norm_input(s):
    return re.sub(r"\s+", " ", s.strip().lower())

def main():
    import hashlib
    h = lambda s: hashlib.sha1(norm_input(s).encode("utf-8")).hexdigest()
    excluded = set()
    if os.path.exists(EXCLUDED_HASHES):
        with open(EXCLUDED_HASHES, encoding="utf-8") as f:
            excluded |= set(x.strip() for x in f if x.strip())
    n0 = len(excluded)
    for fn in EVAL_FILES:
        if os.path.exists(fn):
            with open(fn, encoding="utf-8") as f:
                for line in f:
                    line = line.strip()
                    if line:
                        excluded.add(h(json.loads(line)["input"]))
    if len(excluded) != n0:
        with open(EXCLUDED_HASHES, "w", encoding="utf-8") as f:
            f.write("\n".join(sorted(excluded)) + "\n")
    seen = set()
    cases = []

    def add(inp, tool, args, history, tags):
        key = norm_input(inp) + "||" + " | ".join(norm_input(x) for x in history)
        if h(inp) in excluded and not history:
            return False
        if key in seen:
            return False
        seen.add(key)
        cases.append({"input": inp, "tool": tool, "arguments": args, "history": history, "tags": tags})
        return True

    # single-turn cases: every template used in turn, several times with new slot values
    for tool, (tpls, sfn, n) in REG.items():
        order = list(range(len(tpls)))
        made, i, fails = 0, 0, 0
        while made < n and fails < 5 * n:
            if i % len(order) == 0:
                R.shuffle(order)
            tid = order[i % len(order)]
            i += 1
            text, args, style = make_case(tool, tpls[tid], sfn)
            tags = ["writer:" + STYLE_NAMES[style], "single", "generated", "tpl:%s:%02d" % (tool, tid)]
            if add(text, tool, args, [], tags):
                made += 1
            else:
                fails += 1

    # out of scope: near misses (with slots) and general chatter
    sl = oos_slots
    order = list(range(len(S_OOS_NEAR)))
    made, i, fails = 0, 0, 0
    while made < N_OOS_NEAR and fails < 3000:
        if i % len(order) == 0:
            R.shuffle(order)
        tid = order[i % len(order)]
        i += 1
        text, _, style = make_case(None, S_OOS_NEAR[tid], sl)
        if add(text, None, {}, [], ["writer:" + STYLE_NAMES[style], "oos", "near-miss", "generated", "tpl:oos-near:%03d" % tid]):
            made += 1
        else:
            fails += 1
    gen = list(range(len(S_OOS_GEN)))
    R.shuffle(gen)
    made = 0
    for tid in gen:
        text = S_OOS_GEN[tid]
        if p(0.15) and len(text) > 3:
            text = text.capitalize() if text[0].islower() else text.lower()
        if add(text, None, {}, [], ["writer:misc", "oos", "generated", "tpl:oos-gen:%03d" % tid]):
            made += 1
    # some general chatter with small variations to reach N_OOS_GEN
    extra_tpl = ["tell me a joke about {x}", "write a song about {x}", "what's the history of {x}",
                 "I love {x}", "do you like {x}?", "what do you think about {x}", "{x} is boring", "explain {x} to a child"]
    xs = ["pilots", "airplanes", "clouds", "the weather", "football", "cats", "my instructor", "Paris", "cooking",
          "the moon", "jazz", "Mondays", "coffee", "air traffic controllers", "gliders", "helicopters", "trains"]
    k = 0
    while made < N_OOS_GEN and k < 2000:
        k += 1
        ti = R.randrange(len(extra_tpl))
        text = extra_tpl[ti].replace("{x}", ch(xs))
        if add(text, None, {}, [], ["writer:misc", "oos", "generated", "tpl:oos-chat:%02d" % ti]):
            made += 1

    # follow-ups
    for fn, n in FU_PLAN:
        made, fails = 0, 0
        while made < n and fails < 500:
            LAST_STYLE[0] = "m"
            hist, text, tool, args, tag = fn()
            tags = ["writer:" + STYLE_NAMES[LAST_STYLE[0]], "followup" if tool else "oos", "generated",
                    "tpl:fu:%s:%s" % (fn.__name__, tag)]
            if tool is None:
                tags.insert(2, "near-miss")
            if add(text, tool, args, hist, tags):
                made += 1
            else:
                fails += 1

    R.shuffle(cases)
    with open(OUT, "w", encoding="utf-8") as f:
        for i, c in enumerate(cases, 1):
            rec = {"id": "tr%05d" % i, "input": c["input"], "tool": c["tool"], "arguments": c["arguments"],
                   "history": c["history"], "tags": c["tags"]}
            f.write(json.dumps(rec, ensure_ascii=False) + "\n")
    print("wrote %d cases to %s" % (len(cases), OUT))

if __name__ == "__main__":
    main()
