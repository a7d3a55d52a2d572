#!/usr/bin/env python3
"""Validate ToolCatalog/training/generated.jsonl against the tool catalog and the data, and report diversity.

With --eval, validate an evaluation file instead (Tests/Eval/*.jsonl, hand-written cases): ids are
free but unique, and no generated/template tags are required."""
import csv, glob, json, os, re, sys
from collections import Counter, defaultdict

# The repository root, two folders above this script (scripts/training/), as in gen_train.py.
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EVAL = "--eval" in sys.argv[1:]
ARGS = [a for a in sys.argv[1:] if a != "--eval"]
TRAIN = ARGS[0] if ARGS else ROOT + "/ToolCatalog/training/generated.jsonl"
CATALOG = {}
for fn in glob.glob(ROOT + "/ToolCatalog/*.json"):
    d = json.load(open(fn, encoding="utf-8"))
    CATALOG[d["name"]] = d

IDENTS, IATA = {}, set()
with open(ROOT + "/Data/ourairports/airports.csv", encoding="utf-8") as f:
    for r in csv.DictReader(f):
        IDENTS[r["ident"]] = r["type"]
        if r["iata_code"]:
            IATA.add(r["iata_code"])
COUNTRIES = set()
with open(ROOT + "/Data/ourairports/countries.csv", encoding="utf-8") as f:
    for r in csv.DictReader(f):
        COUNTRIES.add(r["code"])

errors = []

def err(case, msg):
    errors.append("%s: %s | %s" % (case.get("id"), msg, case.get("input", "")[:80]))

def check_value(case, path, schema, v):
    t = schema.get("type")
    if t == "string":
        if not isinstance(v, str):
            return err(case, "%s not a string" % path)
        if "enum" in schema and v not in schema["enum"]:
            err(case, "%s=%r not in enum" % (path, v))
        if "pattern" in schema and not re.search(schema["pattern"], v):
            err(case, "%s=%r does not match %s" % (path, v, schema["pattern"]))
        if len(v) < schema.get("minLength", 0) or len(v) > schema.get("maxLength", 10 ** 9):
            err(case, "%s=%r bad length" % (path, v))
    elif t in ("number", "integer"):
        if isinstance(v, bool) or not isinstance(v, (int, float)):
            return err(case, "%s not a number" % path)
        if t == "integer" and not isinstance(v, int):
            err(case, "%s not an integer" % path)
        if "minimum" in schema and v < schema["minimum"]:
            err(case, "%s=%r below minimum" % (path, v))
        if "maximum" in schema and v > schema["maximum"]:
            err(case, "%s=%r above maximum" % (path, v))
    elif t == "boolean":
        if not isinstance(v, bool):
            err(case, "%s not a boolean" % path)
    elif t == "array":
        if not isinstance(v, list):
            return err(case, "%s not an array" % path)
        if len(v) < schema.get("minItems", 0):
            err(case, "%s too few items" % path)
        for i, x in enumerate(v):
            check_value(case, "%s[%d]" % (path, i), schema.get("items", {}), x)
    elif t == "object":
        if not isinstance(v, dict):
            return err(case, "%s not an object" % path)
        props = schema.get("properties", {})
        for k, x in v.items():
            if k not in props:
                err(case, "%s.%s unknown argument" % (path, k))
            else:
                check_value(case, "%s.%s" % (path, k), props[k], x)

CODE_KEYS = {"location_query", "from_location", "to_location", "icao_code", "icao", "query", "from", "to"}

def check_codes(case, args):
    vals = []
    for k, v in args.items():
        if k in CODE_KEYS and isinstance(v, str):
            vals.append((k, v))
        if k == "waypoints":
            vals += [(k, w) for w in v]
    for k, v in vals:
        if re.fullmatch(r"[A-Z]{4}", v):
            if v not in IDENTS:
                err(case, "%s code %s not in airports.csv" % (k, v))
            elif IDENTS[v] == "closed":
                err(case, "%s code %s is closed" % (k, v))
        elif re.fullmatch(r"[A-Z]{3}", v) and k in ("query", "from", "to"):
            if v not in IATA:
                err(case, "%s IATA %s unknown" % (k, v))
        elif re.fullmatch(r"[A-Z]{2}", v) and k == "query":
            if v not in COUNTRIES:
                err(case, "query country %s unknown" % v)
    f = args.get("filters", {})
    if "country" in f and f["country"] not in COUNTRIES:
        err(case, "filter country %s unknown" % f["country"])
    for k in ("country_code",):
        if k in args and args[k] not in COUNTRIES:
            err(case, "country_code %s unknown" % args[k])
    for c in args.get("countries", []):
        if c not in COUNTRIES:
            err(case, "country %s unknown" % c)

def said(case, args):
    """single-turn: place values must be in the input as typed (case-insensitive)"""
    low = case["input"].lower()
    for k in ("location_query", "from_location", "to_location", "icao_code", "icao", "from", "to", "path"):
        v = args.get(k)
        if isinstance(v, str) and not re.fullmatch(r"[A-Z]{2}", v) and v.lower() not in low:
            err(case, "%s=%r not found in input" % (k, v))
    for w in args.get("waypoints", []):
        if w.lower() not in low:
            err(case, "waypoint %r not in input" % w)
    if args.get("query") and not re.fullmatch(r"[A-Z]{2}", args["query"]) and args["query"].lower() not in low:
        err(case, "query %r not in input" % args["query"])

cases = []
ids = set()
with open(TRAIN, encoding="utf-8") as f:
    for n, line in enumerate(f, 1):
        try:
            c = json.loads(line)
        except Exception as e:
            errors.append("line %d: bad JSON %s" % (n, e))
            continue
        cases.append(c)
        if set(c) != {"id", "input", "tool", "arguments", "history", "tags"}:
            err(c, "bad keys %s" % sorted(c))
        if not (EVAL or re.fullmatch(r"tr\d{5}", c["id"])) or c["id"] in ids:
            err(c, "bad or duplicate id")
        ids.add(c["id"])
        if not isinstance(c["history"], list) or not all(isinstance(h, str) and h.strip() for h in c["history"]):
            err(c, "bad history")
        tags = c["tags"]
        if not EVAL and ("generated" not in tags or not any(t.startswith("tpl:") for t in tags)):
            err(c, "missing generated/template tag")
        if not any(t in ("writer:instructor", "writer:phone", "writer:nonnative", "writer:misc") for t in tags):
            err(c, "missing writer tag")
        if not any(t in ("single", "followup", "oos") for t in tags):
            err(c, "missing single/followup/oos tag")
        tool, args = c["tool"], c["arguments"]
        if not isinstance(c["input"], str) or not c["input"].strip():
            err(c, "empty input")
        if tool is None:
            if args != {}:
                err(c, "oos with arguments")
            continue
        if tool not in CATALOG:
            err(c, "unknown tool %s" % tool)
            continue
        check_value(c, "args", CATALOG[tool]["parameters"], args)
        if tool in ("decode_metar", "decode_taf", "parse_notams") and args:
            err(c, "report tool must have {}")
        if tool == "answer_rules_question" and set(args) != {"country_code"}:
            err(c, "answer_rules_question must have only country_code")
        if tool == "weight_and_balance" and set(args) - {"aircraft"}:
            err(c, "weight_and_balance args must be {} or aircraft")
        if args:
            req = CATALOG[tool]["parameters"].get("required", [])
            for r in req:
                if r not in args and not (tool == "answer_rules_question" and r == "question"):
                    err(c, "required %s missing" % r)
        if "filters" in args and not args["filters"]:
            err(c, "empty filters")
        if "weight" in args and "weight_unit" not in args:
            err(c, "weight without unit")
        if "fuel_flow" in args and "fuel_flow_unit" not in args:
            err(c, "fuel_flow without unit")
        if "wind" in args and not re.fullmatch(r"(\d{3}|VRB)/\d{2}(G\d{2})?", args["wind"]):
            err(c, "wind %r not DDD/SS[Ggg]" % args["wind"])
        if "runway" in args and not re.fullmatch(r"\d{2}[LRC]?", args["runway"]):
            err(c, "runway %r" % args["runway"])
        if tool == "notams_for_airport" and "icao" in args and not re.fullmatch(r"[A-Z]{4}", args["icao"]):
            err(c, "notams icao must be a code")
        check_codes(c, args)
        if not c["history"]:
            said(c, args)

# ---------------------------------------------------------------- report
print("cases: %d" % len(cases))
print("errors: %d" % len(errors))
for e in errors[:40]:
    print("  ", e)
inputs = Counter(c["input"].strip().lower() for c in cases)
print("distinct inputs: %d (distinct input+history: %d)" % (
    len(inputs), len(set((c["input"].strip().lower(), tuple(c["history"])) for c in cases))))
by_tool = Counter(c["tool"] for c in cases)
kind = Counter()
for c in cases:
    if c["tool"] is None:
        kind["oos"] += 1
        if "near-miss" in c["tags"]:
            kind["oos near-miss"] += 1
    if c["history"]:
        kind["with history"] += 1
        if c["tool"] is not None:
            kind["follow-up (tool)"] += 1
print("by kind:", dict(kind))
tpl_by_tool = defaultdict(set)
for c in cases:
    t = [x for x in c["tags"] if x.startswith("tpl:")]
    if t:
        tpl_by_tool[c["tool"]].add(t[0])
writer = Counter(t for c in cases for t in c["tags"] if t.startswith("writer:"))
print("writers:", dict(writer))
print("\n%-34s %6s %7s %9s %6s %8s" % ("tool", "cases", "single", "tpl-single", "fu", "tpl-fu"))
for tool in sorted(by_tool, key=lambda t: (t is None, str(t))):
    fu = sum(1 for c in cases if c["tool"] == tool and c["history"])
    single = by_tool[tool] - fu
    ts = [t for t in tpl_by_tool[tool] if not t.startswith("tpl:fu:")]
    tf = [t for t in tpl_by_tool[tool] if t.startswith("tpl:fu:")]
    print("%-34s %6d %7d %9d %6d %8d" % (tool, by_tool[tool], single, len(ts), fu, len(tf)))
missing = set(CATALOG) - set(by_tool)
print("tools missing:", sorted(missing))

def bigrams(s):
    w = re.findall(r"[a-z0-9'&/]+", s.lower())
    return list(zip(w, w[1:]))

print("\nTop 20 word bigrams per tool (share of the tool's lines containing it):")
for tool in sorted(by_tool, key=lambda t: (t is None, str(t))):
    cnt = Counter()
    lines = [c["input"] for c in cases if c["tool"] == tool]
    for s in lines:
        for b in set(bigrams(s)):
            cnt[b] += 1
    top = cnt.most_common(20)
    print("\n[%s] %d lines" % (tool, len(lines)))
    print("  " + "; ".join("%s %s:%d%%" % (a, b, round(100 * n / len(lines))) for (a, b), n in top))
