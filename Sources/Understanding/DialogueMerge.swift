import AirportData
import Foundation

/// Stage 5, dialogue: how a follow-up turn merges into the previous frame, and how references
/// to earlier answers ("there", "the first one", "frequencies?") are filled from the dialogue state.
///
/// Every argument merges by the rule its tool declares in the catalog (`intent.followup`):
/// `replace` (the default), `keep`, `accumulate` (filters) or `clear`.
extension KeywordFallbackBackend {
    /// Words that open a follow-up but are not part of the place that follows ("what about Antwerp").
    static let leadingCueWords: Set<String> = ["what", "about", "how", "and", "try", "use", "make", "it", "ok", "okay", "then", "so", "lets", "let's",
                                               "with", "please", "pls", "same", "but", "now", "maybe", "rather", "go", "via", "for", "the", "thing",
                                               "question", "do", "if", "we", "i", "fly", "flying", "leave", "leaving", "depart", "departing", "to", "going", "would", "could", "you", "can"]

    /// `previous` adjusted by the turn, when the turn, read as a new question of the same tool,
    /// gives `fresh` and the adjusted frame keeps every value of it and carries more; nil otherwise.
    /// The classifier reads a line alone, so a short change of the last question ("the airline is
    /// american, non-EU", "back to the first airport with that") often looks like that tool's own
    /// question: the frame held is what the pilot is changing, as long as nothing typed is lost.
    func adjustedRatherThanNew(_ tool: String, _ previous: Arguments, fresh: Arguments, _ text: String, _ e: Entities,
                               lastChanged: Set<String> = []) -> Arguments? {
        guard let carried = followUp(tool, previous, text, e, lastChanged: lastChanged), carried.count > fresh.count,
              fresh.allSatisfy({ carried[$0.key] == $0.value }) else { return nil }
        return carried
    }

    /// The previous tool's arguments updated with this turn, or nil when the utterance adds
    /// nothing the previous tool can use. `lastChanged` names the values the previous turn itself
    /// changed: a lone number several of them could take goes to that one ("show 10", then "drop it to 5").
    func followUp(_ tool: String, _ previous: Arguments, _ text: String, _ e: Entities, lastChanged: Set<String> = []) -> Arguments? {
        guard var args = merged(tool, previous, text, e, lastChanged: lastChanged), let def = catalog.tool(tool) else { return nil }
        // "ete in a TBM 900 instead of 420 kt": a speed named after "instead of" is the one given up.
        if let r = text.range(of: Self.insteadOfClause, options: .regularExpression),
           let given = extractor.extract(String(text[r])).cruiseSpeedKts, args["cruise_speed_kts"]?.doubleValue == given {
            var rest = text
            rest.replaceSubrange(r, with: " ")
            if extractor.extract(rest).cruiseSpeedKts != given { args["cruise_speed_kts"] = nil }
        }
        // A carried value the catalog says a changed one replaces goes ("and the same at LSGS" after
        // a DA for an elevation: the airport replaces the elevation).
        let changed = Dictionary(uniqueKeysWithValues: args.filter { previous[$0.key] != $0.value }.map { ($0.key, $0.value) })
        for (k, v) in args where previous[k] == v && (def.intent.isReplaced(k, by: changed) || def.intent.isReset(k, from: previous, to: args)) { args[k] = nil }
        // "list all profiles" after saving one: a listing is about no one thing, so nothing else is carried.
        if args["action"]?.stringValue == "list", previous["action"]?.stringValue != "list" { args = ["action": "list"] }
        return args
    }

    /// The clause a turn gives up ("instead of customs", "rather than 420 kt"), to the next comma.
    static let insteadOfClause = #"(?i)\b(?:instead of|rather than|in place of)\s+[^,;]+"#

    /// The merge itself (see `followUp`).
    func merged(_ tool: String, _ previous: Arguments, _ text: String, _ e: Entities, lastChanged: Set<String> = []) -> Arguments? {
        guard let def = catalog.tool(tool) else { return nil }
        var args = previous
        var changed = false
        let props = def.properties
        let padded = " " + e.words.joined(separator: " ") + " "
        func set(_ key: String, _ value: JSONValue?) {
            guard props[key] != nil, def.intent.mergeRule(key) != "keep" else { return }
            if args[key] != value { args[key] = value; changed = true }
        }

        // A route of waypoints edited in place: "drop LFAC, go direct", "continue to EDTY after EDLE",
        // "via Evreux between Toussus and Rouen", "add LFOH before LFAT".
        // The turn's other values still apply ("add LKHK on the end, and reserve 45 minutes").
        var handledPlaces = false
        if let w = args["waypoints"]?.arrayValue?.compactMap(\.stringValue), w.count >= 2, let edited = waypointEdit(w, text, e, padded: padded) {
            args["waypoints"] = .array(edited.map { .string($0) })
            changed = true
            handledPlaces = true
        }
        // Swap direction: "reverse it", "the way back" ("swap Ireland for France" replaces one value, below).
        let exchange = exchangeWords(in: text)
        // "the return Madrid to Heathrow": both ends named are taken as typed, below.
        if !handledPlaces, exchange == nil, lexicon.hasCue("swap", in: padded), e.routeFrom == nil || e.routeTo == nil {
            for (a, b) in [("from_location", "to_location"), ("from", "to")] {
                if let x = args[a], let y = args[b] { args[a] = y; args[b] = x; changed = true; handledPlaces = true }
            }
            if let w = args["waypoints"]?.arrayValue { args["waypoints"] = .array(w.reversed()); changed = true; handledPlaces = true }
        }
        // "Antwerp instead of Brussels": the argument that held Brussels now holds Antwerp.
        if !handledPlaces, let (new, old) = exchange ?? replacement(in: text) {
            handledPlaces = replace(old, with: new, in: &args, tool: def)
            changed = changed || handledPlaces
        }
        // "and on to Sumburgh", "thence onwards to Deauville" after a distance: the next leg, from where the last one ended.
        if !handledPlaces, e.routeFrom == nil, props["to_location"] != nil, let end = args["to_location"],
           let place = placeAfterCue("next_leg", in: text, padded: padded) {
            set("from_location", end)
            set("to_location", .string(place))
            handledPlaces = true
        }
        // "leaving from Shoreham", "what if I depart Broumov", "and to LFLY?", "extend it to EGPH":
        // one end of a route, taken only when the data knows the place named after the cue.
        // "not from Zell, from St. Johann": a correction of a place, read below, not a new end after a cue.
        let corrected = handledPlaces ? nil : correction(in: text)
        let correctsPlace = corrected.map { pair in
            Double(pair.old) == nil && Double(pair.new) == nil && args.values.contains { $0.stringValue.map { Self.sameNameOrLonger($0, pair.old) } ?? false }
        } ?? false
        if !handledPlaces, !correctsPlace, e.routeFrom == nil || e.routeTo == nil {
            if let place = placeAfterCue("from_cues", in: text, padded: padded) {
                if props["from_location"] != nil { set("from_location", .string(place)); handledPlaces = true }
                else if props["from"] != nil { set("from", .string(place)); handledPlaces = true }
                else if var w = args["waypoints"]?.arrayValue, !w.isEmpty { w[0] = .string(place); args["waypoints"] = .array(w); changed = true; handledPlaces = true }
            } else if let place = placeAfterCue("to_cues", in: text, padded: padded) {
                if props["to_location"] != nil { set("to_location", .string(place)); handledPlaces = true }
                else if props["to"] != nil { set("to", .string(place)); handledPlaces = true }
                else if var w = args["waypoints"]?.arrayValue, !w.isEmpty {
                    // "extend it to EGPH" / "add LFAT" continue the route; "then to" likewise.
                    w.append(.string(place)); args["waypoints"] = .array(w); changed = true; handledPlaces = true
                }
            }
        }

        // "via LFOH": a waypoint before the destination.
        if !handledPlaces, var w = args["waypoints"]?.arrayValue, w.count >= 2, let place = placeAfterCue("via", in: text, padded: padded) {
            w.insert(.string(place), at: w.count - 1); args["waypoints"] = .array(w); changed = true; handledPlaces = true
        }
        // "no, 25 not 35", "I said Poitiers, not Limoges": the value that equals the one rejected is replaced.
        var rejected: String?
        if !handledPlaces, let (new, old) = corrected {
            rejected = TextNormalizer.fold(old)
            // "not Belgium, I meant Denmark" in a comparison: that country of the list replaced.
            if var list = args["countries"]?.arrayValue?.compactMap(\.stringValue), let o = extractor.countries.code(for: old),
               let n = extractor.countries.code(for: new), let i = list.firstIndex(of: o) {
                list[i] = n
                args["countries"] = .array(list.map { .string($0) })
                return args
            }
            // "800 m is too much, 600 is ok": a runway length rejected by the number it was typed with, in
            // metres or feet, takes the new number in the same unit.
            if var filters = args["filters"]?.objectValue, let o = Double(old), let n = Double(new), o >= 100, n >= 100 {
                for key in ["min_runway_length_ft", "max_runway_length_ft"] {
                    guard let ft = filters[key]?.doubleValue, Self.isRejectedLength(ft, old) else { continue }
                    let metres = abs(ft - o) > 1
                    filters[key] = .number(metres ? PlanningText.feet(fromMetres: n) : n)
                    args["filters"] = .object(filters); changed = true
                    break
                }
            }
            for (k, v) in args where k != "filters" {
                // "sorry pax is 95 not 75": the load of that amount (of the station named, when one is) takes the new amount.
                if k == "loads", var loads = v.arrayValue, let o = Double(old), let n = Double(new) {
                    let holding = loads.indices.filter { loads[$0].objectValue?["amount"]?.doubleValue == o }
                    let named = holding.filter { i in Self.loadStation(loads[i]).map { padded.contains(" \($0) ") } ?? false }
                    if let i = named.first ?? (holding.count == 1 ? holding.first : nil), var load = loads[i].objectValue {
                        load["amount"] = .number(n)
                        loads[i] = .object(load)
                        args[k] = .array(loads); changed = true; break
                    }
                }
                // "Turku, not Mariehamn" after a question about EFMA: a name of the place held counts too.
                if let s = v.stringValue, TextNormalizer.fold(s) == TextNormalizer.fold(old)
                    || Self.placeKeys.contains(k) && k != "waypoints" && (Self.sameNameOrLonger(s, old) || old.first?.isUppercase == true && namesSamePlace(old, s)) {
                    // Written the way the old value was: codes in capitals, days and other lower-case values in lower case.
                    let written = s == s.uppercased() && new.count == 4 ? new.uppercased() : (s == s.lowercased() && !Self.placeKeys.contains(k) ? new.lowercased() : new)
                    args[k] = .string(written); changed = true; handledPlaces = Self.placeKeys.contains(k); break
                }
                if let d = v.doubleValue, let o = Double(old), d == o, let n = Double(new) {
                    // "qnh is 1009 hpa, not 29.74": a value whose unit names another argument is set there by
                    // the tool's reader below (and replaces this one by the catalog's rule), not written here.
                    if let fresh = builders[tool]?(text, e), fresh.contains(where: { $0.key != k && $0.value.doubleValue == n }) { break }
                    args[k] = .number(n); changed = true; break
                }
                // "the wind is 220 degrees, not 200": the half of the wind that was rejected.
                if k == "wind", let w = v.stringValue.flatMap(PlanningText.parseWind), let o = Int(old), let n = Int(new) {
                    var fixed = w
                    if w.direction == o { fixed.direction = n } else if w.speed == o { fixed.speed = n } else if w.gust == o { fixed.gust = n } else { continue }
                    args[k] = .string(fixed.canonical); changed = true; break
                }
            }
            // "not LFOH, I meant LFRG", "scratch LFOH, I meant LFRG": the stop of the route replaced in place.
            if !changed, Double(old) == nil, replaceStop(old, with: extractor.knownCode(new) ?? new, in: &args, byPlace: old.first?.isUppercase == true) {
                changed = true; handledPlaces = true
            }
        }
        // Filters: removed ("drop the customs filter"), cleared, or added/replaced.
        let clearing = lexicon.hasCue("clear_filter", in: padded)
        var clearedNumber = false
        // "grass is fine", "unlit ok too": a filter allowed is taken back.
        if !e.allowedFilters.isEmpty, var filters = args["filters"]?.objectValue {
            for k in e.allowedFilters where filters[k] != nil { filters[k] = nil; changed = true }
            args["filters"] = filters.isEmpty ? nil : .object(filters)
        }
        if lexicon.hasCue("clear_all", in: padded), args["filters"] != nil {
            args["filters"] = nil; changed = true
        } else if clearing {
            var filters = args["filters"]?.objectValue ?? [:]
            // "forget the customs, just paved": the clause with the cue removes, the other one adds.
            var (clearClause, addClause) = clauses(of: text)
            // "paved isn't essential, drop it", "grass or paved, doesn't matter": a clause with the cue that
            // names nothing takes back what the other clause names.
            if !addClause.isEmpty {
                let cueOnly = extractor.extract(clearClause)
                if lexicon.filtersNamed(by: cueOnly.words, phrased: cueOnly.filters.keys).isEmpty, cueOnly.distanceNM == nil, cueOnly.countries.isEmpty {
                    clearClause = text
                    addClause = ""
                }
            }
            let clearing = addClause.isEmpty ? e : extractor.extract(clearClause)
            var named = lexicon.filtersNamed(by: clearing.words, phrased: clearing.filters.keys)
            // "forget the 30 nm", "scrap the customs and the 8": a radius or count of the question, named
            // while taking back, is taken back too.
            for w in clearing.words {
                guard let n = Double(w.filter { $0.isNumber || $0 == "." }) else { continue }
                for key in ["max_distance_nm", "max_results"] where args[key]?.doubleValue == n { named.insert(key); clearedNumber = true }
            }
            // "forget the 600 m": a runway length named by its value.
            if let feet = Self.lengthFeet(in: addClause.isEmpty ? text : clearClause) {
                for key in ["min_runway_length_ft", "max_runway_length_ft"] where filters[key]?.doubleValue.map({ abs($0 - feet) <= 1 }) == true {
                    named.insert(key)
                }
            }
            let adding = addClause.isEmpty ? nil : extractor.extract(addClause)
            if let adding {
                for (k, v) in adding.filters where !named.contains(k) { filters[k] = v; changed = true }
                // "only the Dutch ones, the German ones I don't need": the other clause names the country kept.
                if props["filters"] != nil, let c = adding.countries.first, !clearing.countries.contains(c) {
                    filters["country"] = .string(c); changed = true
                }
                // "include the big airports too, I don't care": the other clause may add the big airports.
                if let large = adding.includeLarge, !named.contains("include_large_airports"), props["include_large_airports"] != nil {
                    set("include_large_airports", .bool(large))
                }
            }
            // "remove the Czech-only restriction": a country named while clearing is the country filter.
            if !clearing.countries.isEmpty, adding?.countries.isEmpty ?? true { named.insert("country") }
            for k in named where filters[k] != nil { filters[k] = nil; changed = true }
            // Options of the question itself ("no leg limit", "forget the big airports") are taken back the same way.
            for k in named where k != "filters" && filters[k] == nil && args[k] != nil { args[k] = nil; changed = true }
            args["filters"] = filters.isEmpty ? nil : .object(filters)
        } else if !e.filters.isEmpty, props["filters"] != nil {
            var filters = def.intent.mergeRule("filters") == "accumulate" ? (previous["filters"]?.objectValue ?? [:]) : [:]
            // "instead of customs, …": the filters named after the cue are the ones replaced.
            var replaced: Set<String> = []
            var named = e.filters
            // "swap the customs filter for hard runway": the filters named before "for" are the ones replaced.
            let swapped = text.range(of: #"(?i)\b(?:swap|replace|exchange|change)\s+(?:the\s+)?[^,;]+?\s+(?=(?:for|with|by)\s)"#, options: .regularExpression)
            if let r = text.range(of: Self.insteadOfClause, options: .regularExpression) ?? swapped {
                let clause = extractor.extract(String(text[r]))
                // A filter word named without its phrase ("the customs filter") names that filter too.
                replaced = lexicon.filtersNamed(by: clause.words, phrased: clause.filters.keys)
                for k in replaced { filters[k] = nil }
                // "grass strips instead of paved": the filters named outside the clause, with their own values.
                var rest = text
                rest.replaceSubrange(r, with: " ")
                named = extractor.extract(rest).filters
                replaced.subtract(named.keys)
            }
            for (k, v) in named where !replaced.contains(k) {
                // "800 m is too much, 600 is ok": the length a correction rejected is not read back in.
                if k.hasSuffix("runway_length_ft"), let ft = v.doubleValue, Self.isRejectedLength(ft, rejected) { continue }
                // "not asphalt, I need customs": a filter the last question set, now negated, is taken back;
                // its opposite named outright ("grass strips, not tarmac") sets the other value.
                if v == .bool(false), previous["filters"]?[k] == .bool(true), !namesOpposite(k, padded) { filters[k] = nil; continue }
                // A new length limit replaces the old one in either direction ("make it at most 800 m").
                if k == "min_runway_length_ft" { filters["max_runway_length_ft"] = nil }
                if k == "max_runway_length_ft" { filters["min_runway_length_ft"] = nil }
                filters[k] = v
            }
            args["filters"] = .object(filters)
            changed = true
        }
        if TextNormalizer.fold(text).contains("without customs") {
            if var filters = args["filters"]?.objectValue, filters["point_of_entry"] != nil {
                filters["point_of_entry"] = nil; args["filters"] = filters.isEmpty ? nil : .object(filters); changed = true
            }
        }
        // "any day actually", "show all categories": the value of that argument is dropped.
        for (key, nouns) in Self.clearableNouns where args[key] != nil {
            if nouns.contains(where: { n in ["any", "all", "every", "whatever"].contains { padded.contains(" \($0) \(n) ") } }) { args[key] = nil; changed = true }
        }
        // "drop the gusts": the wind without its gust.
        if clearing, e.words.contains(where: { $0.hasPrefix("gust") }), let wind = args["wind"]?.stringValue, wind.contains("G") {
            set("wind", .string(String(wind.prefix(while: { $0 != "G" }))))
        }
        // "gusting 25?": a gust added to the wind already given.
        if props["wind"] != nil, let old = args["wind"]?.stringValue.flatMap(PlanningText.parseWind),
           let wind = PlanningText.windChange(in: text, of: old, speedAlone: false), wind.gust != old.gust {
            set("wind", .string(wind.canonical))
        }
        // "make it at least 1000 m instead": a length alone changes the runway length filter already set.
        if !clearing, e.filters["min_runway_length_ft"] == nil, e.filters["max_runway_length_ft"] == nil, var filters = args["filters"]?.objectValue,
           filters["min_runway_length_ft"] != nil || filters["max_runway_length_ft"] != nil, let feet = Self.lengthFeet(in: text),
           !Self.isRejectedLength(feet, rejected) {
            let atMost = padded.contains(" at most ") || padded.contains(" under ") || padded.contains(" max ") || padded.contains(" shorter ") || padded.contains(" below ")
            filters[atMost ? "min_runway_length_ft" : "max_runway_length_ft"] = nil
            filters[atMost ? "max_runway_length_ft" : "min_runway_length_ft"] = .number(feet)
            args["filters"] = .object(filters)
            changed = true
        }
        if let d = e.distanceNM, !clearedNumber { set("max_distance_nm", .number(d)) }
        // "double the radius", "halve the list": the value shown, scaled.
        if e.distanceNM == nil, e.count == nil,
           let factor = e.words.lazy.compactMap({ ["double": 2.0, "twice": 2.0, "triple": 3.0, "halve": 0.5, "half": 0.5][$0] }).first {
            let key = e.words.contains(where: { ["radius", "distance", "range", "nm", "miles", "km", "far"].contains($0) }) ? "max_distance_nm"
                : e.words.contains(where: { ["results", "list", "count", "number", "airports", "airfields", "entries"].contains($0) }) ? "max_results" : nil
            if let key, props[key] != nil, let base = (args[key] ?? def.defaultValue(key))?.doubleValue {
                set(key, .number(key == "max_results" ? max(1, (base * factor).rounded()) : base * factor))
            }
        }
        // "2 more" after a list of 3 asks for 5; "top 3" asks for 3.
        // "another 4", "4 more", "3 extra": added to the count shown.
        let added = e.words.indices.lazy.compactMap { i -> Int? in
            guard let n = Int(e.words[i]), (1...50).contains(n) else { return nil }
            let after = i + 1 < e.words.count ? e.words[i + 1] : "", before = i > 0 ? e.words[i - 1] : ""
            return ["more", "extra", "additional"].contains(after) || ["another", "additional"].contains(before) ? n : nil
        }.first
        if let n = added, props["max_results"] != nil {
            set("max_results", .number(Double((previous["max_results"]?.intValue ?? def.defaultValue("max_results")?.intValue ?? 5) + n)))
        } else if let n = e.count, !clearedNumber { set("max_results", .number(Double(n))) }
        if e.count == nil, added == nil, Self.asksMoreResults(padded), props["max_results"] != nil, !clearing {
            set("max_results", .number(Double((previous["max_results"]?.intValue ?? def.defaultValue("max_results")?.intValue ?? 5) + 5)))
        }
        if let l = e.includeLarge, !clearing {
            // "leave the big airports out again": taking the option back removes it.
            if !l, previous["include_large_airports"] == .bool(true) { args["include_large_airports"] = nil; changed = true }
            else { set("include_large_airports", .bool(l)) }
        }
        if let s = e.cruiseSpeedKts { set("cruise_speed_kts", .number(s)) }
        if let t = e.aircraftType { set("aircraft_type", .string(t)) }
        if let h = e.legHours { set("max_leg_time_hours", .number(h)) }
        // "no, I said Sunday, not Saturday": the day rejected is not set again.
        if let d = e.dayOfWeek, TextNormalizer.fold(d) != rejected { set("day_of_week", .string(d)) }
        if props["at_time"] != nil, let w = TimeExpressions.window(in: text, now: now) {
            args["at_time"] = .string(TimeExpressions.iso(w.from))
            args["until_time"] = w.to != w.from ? .string(TimeExpressions.iso(w.to)) : nil
            changed = true
        }
        // A list of countries ("add Belgium too", "Slovenia instead of Austria"): extended, or one replaced.
        if props["countries"] != nil, !e.countries.isEmpty, var list = args["countries"]?.arrayValue?.compactMap(\.stringValue) {
            if let (new, old) = exchange ?? replacement(in: text), let n = extractor.countries.code(for: new), let o = extractor.countries.code(for: old),
               let i = list.firstIndex(of: o) {
                list[i] = n
            } else if clearing {
                list.removeAll { e.countries.contains($0) }
            } else if e.countries.count >= 2, !["add", "also", "too", "plus", "include", "including"].contains(where: e.words.contains) {
                // "now Italy vs Austria", "UK and France instead": a new comparison.
                list = e.countries
            } else {
                for c in e.countries where !list.contains(c) { list.append(c) }
            }
            args["countries"] = .array(list.map { .string($0) })
            return args
        }
        // A country: the query of a country search, or a restriction of a near/route search.
        if !handledPlaces, let c = e.countries.first, !clearing, e.place == nil || countries(e.place) {
            if props["country_code"] != nil { args["country_code"] = .string(c); return args }
            if props["query"] != nil { args["query"] = .string(c); return args }
            if props["filters"] != nil {
                var filters = args["filters"]?.objectValue ?? [:]
                filters["country"] = .string(c)
                args["filters"] = .object(filters)
                changed = true
                handledPlaces = true
            }
        }
        // Values of a planning sum or any other tool: read with the tool's own argument builder
        // and merged by the catalog's rules ("what if it's 35 degrees", "and runway 03?").
        if let builder = builders[tool], !Self.placeTools.contains(tool) {
            let fresh = builder(text, e)
            for (k, v) in fresh where props[k] != nil && !Self.placeKeys.contains(k) {
                // A builder's null says this turn takes the value back ("list what's left" names no profile).
                if v == .null { if args[k] != nil { args[k] = nil }; continue }
                // The value a correction rejected is not read back in ("Sunday, not Saturday").
                if let r = rejected, v.stringValue.map({ TextNormalizer.fold($0) == r }) == true || v.doubleValue.map({ Double(r) == $0 }) == true { continue }
                switch def.intent.mergeRule(k) {
                case "keep": continue
                case _ where k == "loads":
                    // "sorry passenger is 88 kg": a load replaces the one of its station; the others stay.
                    args[k] = Self.loadsMerged(args[k]?.arrayValue ?? [], with: v.arrayValue ?? [])
                case "accumulate":
                    if case .object(let old) = args[k] ?? .null, case .object(let new) = v { args[k] = .object(old.merging(new) { $1 }) } else { args[k] = v }
                default: args[k] = v
                }
                // A value restated as it was still answers the turn ("and if it was Ryanair?" after an EU carrier).
                changed = true
            }
            if changed {
                // A value the turn does not state again goes, unless the turn keeps it by name ("…, same flight").
                for (k, _) in args where def.intent.mergeRule(k) == "clear" && fresh[k] == nil
                    && !padded.contains(" same \(k.replacingOccurrences(of: "_", with: " ")) ") { args[k] = nil }
                // "replaced_by:other": an alternative to another argument ("3 h late instead" after "cancelled").
                // Only a value the turn changes replaces ("arm 39.5 in" restates the save action, which replaces nothing).
                let differing = fresh.filter { previous[$0.key] != $0.value }
                for (k, _) in args where fresh[k] == nil && def.intent.isReplaced(k, by: differing) { args[k] = nil }
                fillDefaults(def, &args, previous: previous, fresh: fresh)
            }
        }
        if !changed, props["loads"] != nil, let loads = args["loads"]?.arrayValue, let seated = seatingChange(loads, padded) {
            args["loads"] = .array(seated); changed = true
        }
        if handledPlaces { return changed ? args : nil }
        // "and toussus" after a search by name: another name searched the same way (the query is free text).
        if !changed, props["query"] != nil, let q = previous["query"]?.stringValue, extractor.countries.code(for: q) == nil,
           e.countries.isEmpty, e.filters.isEmpty {
            let cueWords = Set((lexicon.dialogue["corrections"] ?? []).flatMap { $0.split(separator: " ").map(String.init) } + ["meant", "mean", "said"])
            // Thanks and please only: other courtesy words are also names ("Nice", "Great Yarmouth").
            let courtesy: Set<String> = ["thanks", "thank", "thx", "ty", "cheers", "please", "pls", "plz", "merci", "danke", "grazie", "gracias", "dekuji"]
            let skip = { (w: String) in Self.leadingCueWords.contains(w) || cueWords.contains(w) || self.lexicon.chatter.contains(w) || w == "?" || courtesy.contains(w) }
            // The words as typed ("Saint-Nazaire" keeps its capitals and hyphen), the cue words left out.
            let typed = text.split(separator: " ").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "?!.,;:")) }.filter { !$0.isEmpty }
            let rest = typed.drop { skip(TextNormalizer.fold($0)) }.filter { !skip(TextNormalizer.fold($0)) }
            // Only a turn that opens like a follow-up ("and toussus", "what about Saint-Nazaire", "sorry i meant lugano").
            let first = e.words.first ?? ""
            let opens = ["and", "now", "then", "sorry", "no", "oops", "or", "also", "same"].contains(first) || padded.hasPrefix(" what about ") || padded.hasPrefix(" how about ")
            if opens, (1...3).contains(rest.count), !rest.contains(where: { $0.contains(where: \.isNumber) }), rest.count < typed.count {
                set("query", .string(rest.joined(separator: " ")))
                return args
            }
        }
        // "in km?", "give me that in kilometres, please": the last answer again (it gives both units).
        if !changed, e.place == nil, e.airportCodes.isEmpty, lexicon.contentWords(e.words).count <= 6, lexicon.hasCue("unit_requests", in: padded),
           !e.words.contains(where: { $0.contains(where: \.isNumber) }) {
            return args
        }
        // "what about night VFR there?" after a rules question: another topic, same countries.
        if !changed, props["question"] != nil, e.place == nil, e.countries.isEmpty, !Set(e.words).isDisjoint(with: lexicon.rulesTopics) {
            args["question"] = .string(text)
            return args
        }
        // "what if it's 30?", "and at 35?": a bare number changes the one value of the last frame it can be.
        if !changed, e.place == nil, e.airportCodes.isEmpty, let (key, value) = bareNumberSlot(text, previous, lastChanged: lastChanged) {
            set(key, key == "runway" ? .string(String(format: "%02d", Int(value))) : .number(value))
        }
        // "at 120", "@ 105", "105 again" after a route, distance or nav-log question that has no such
        // value yet (or an aircraft in its place): an airspeed, the one thing a lone 40–450 is there.
        if !changed, e.place == nil, e.airportCodes.isEmpty, let speedKey = Self.speedKeys.first(where: { props[$0] != nil }),
           previous[speedKey] == nil,
           let m = PlanningText.first(#"^\s*(?:(?:and|then|ok|okay|now|so)\s+)?(?:(?:at|@)\s*(\d{2,3})|(\d{2,3})\s+again)\s*(?:then|instead|now|please|pls)?\s*[?!.]*\s*$"#, in: text),
           let n = (m[1] ?? m[2]).flatMap(Double.init), (40...450).contains(n) {
            set(speedKey, .number(n))
        }
        // "and the other runway?", "the opposite end": the reciprocal of the runway in the frame.
        if !changed, props["runway"] != nil, let runway = args["runway"]?.stringValue, let other = Self.reciprocal(of: runway),
           [" other runway ", " other end ", " opposite ", " reciprocal ", " other direction ", " the other one "].contains(where: padded.contains) {
            set("runway", .string(other))
        }
        // "no, 18 kt", "from 300 now": half a wind changes that half of the wind already given, when
        // the tool has no airspeed the speed could be.
        if !changed, props["wind"] != nil, props["tas_kts"] == nil, props["cruise_speed_kts"] == nil,
           let old = args["wind"]?.stringValue.flatMap(PlanningText.parseWind), let wind = PlanningText.windChange(in: text, of: old, speedAlone: true) {
            set("wind", .string(wind.canonical))
        }

        // A new place replaces the old one: "what about Annecy", "and to LFMN?". The aircraft named
        // is no place ("and with the PA28?").
        let aircraftNamed = { (p: String) in e.aircraftType.map { TextNormalizer.fold($0) == TextNormalizer.fold(p).replacingOccurrences(of: "-", with: "") } ?? false }
        let newPlace = (e.place ?? e.airportCodes.first).flatMap { aircraftNamed($0) ? nil : $0 }
        if let place = newPlace {
            if props["location_query"] != nil { set("location_query", .string(place)) }
            else if props["icao_code"] != nil { set("icao_code", .string(place)) }
            else if props["icao"] != nil { set("icao", .string(place)) }
            else if props["to_location"] != nil {
                if let f = e.routeFrom, let t = e.routeTo { set("from_location", .string(f)); set("to_location", .string(t)) }
                else { set("to_location", .string(place)) }
            } else if props["to"] != nil {
                if let f = e.routeFrom, let t = e.routeTo { set("from", .string(f)); set("to", .string(t)) } else { set("to", .string(place)) }
            }
        } else if let f = e.routeFrom, let t = e.routeTo {
            if props["to_location"] != nil { set("from_location", .string(f)); set("to_location", .string(t)) }
            else if props["to"] != nil { set("from", .string(f)); set("to", .string(t)) }
        }
        return changed ? args : nil
    }

    /// The catalog's "default_from:<source>" rules: an argument left empty takes `previous`'s value
    /// of its source when `fresh` (this turn's values) replaced that source ("save it as G-BXYZ"
    /// after showing C172S copies C172S).
    func fillDefaults(_ def: ToolDefinition, _ args: inout Arguments, previous: Arguments, fresh: Arguments) {
        for (k, source) in def.intent.defaultFromRules where args[k] == nil && fresh[k] == nil {
            if let old = previous[source], let new = fresh[source], new != old, new != .null { args[k] = old }
        }
    }

    /// True when the turn names the false value of `filter` outright ("grass", "unlit"), rather
    /// than negating its true value ("not paved").
    func namesOpposite(_ filter: String, _ padded: String) -> Bool {
        // "grass ok", "grass is fine too": the other kind accepted as well, not asked for alone.
        if [" ok ", " okay ", " fine ", " acceptable ", " too ", " also ", " as well "].contains(where: padded.contains) { return false }
        return lexicon.filterRules.contains { r in
            r.filter == filter && r.value == false && r.phrases.contains { p in
                padded.contains(" \(p) ") && !lexicon.filterNegations.contains { padded.contains(" \($0) \(p) ") }
            }
        }
    }

    /// Whether a length in feet is the number a correction rejected, typed in feet or in metres.
    static func isRejectedLength(_ feet: Double, _ rejected: String?) -> Bool {
        guard let o = rejected.flatMap(Double.init) else { return false }
        return abs(feet - o) <= 1 || abs(feet - PlanningText.feet(fromMetres: o)) <= 1
    }

    /// The first length typed in `text` ("1000 m", "2600ft"), in feet: a runway length a follow-up
    /// sets or takes back.
    static func lengthFeet(in text: String) -> Double? {
        guard let r = text.range(of: #"(?i)\b(\d{3,5})\s*(m|metres|meters|ft|feet)\b"#, options: .regularExpression) else { return nil }
        let quantity = text[r]
        let value = Double(quantity.prefix(while: \.isNumber)) ?? 0
        return quantity.lowercased().contains("f") ? value : PlanningText.feet(fromMetres: value)
    }

    /// Whether two readings name the same airport: the same ident, or (a town for an airport) places
    /// within a few miles of each other ("Madrid" and MAD, "Olbia" and LIEO).
    static func sameAirport(_ a: NameReading, _ b: NameReading) -> Bool {
        if let x = a.ident, let y = b.ident { return x == y }
        guard let p = a.coordinate, let q = b.coordinate else { return false }
        return Geodesy.distanceNM(p, q) < 12
    }

    /// `waypoints` with the edit the turn asks for, or nil when it asks none: a waypoint named
    /// with a removing cue is dropped ("drop LFAC"; "go direct" alone drops every intermediate
    /// one); a new place goes after or before the waypoint named with "after"/"before", or between
    /// the two adjacent waypoints named with "between … and …".
    func waypointEdit(_ waypoints: [String], _ text: String, _ e: Entities, padded: String) -> [String]? {
        let key = { (s: String) in TextNormalizer.fold(s) }
        let known = waypoints.map(key)
        let words = padded.split(separator: " ").map(String.init)
        // Waypoints of the route the turn names, in the order it names them.
        let named = words.compactMap { w in known.firstIndex(of: w) }
        let removing = lexicon.hasCue("clear_filter", in: padded) || words.contains(where: Self.removingWords.contains)
        // A waypoint may be named by code or by name ("after Le Touquet" for LFAT, "drop Olbia" for LIEO):
        // the same airport, or a town within a few miles of it.
        let read = { (s: String, limit: Int) in self.extractor.resolver.readings(of: s, context: NameContext(expectsLocation: true), limit: limit) }
        // The waypoints are read only when a name does not match as written.
        var knownReadings: [NameReading?]?
        func position(_ s: String) -> Int? {
            if let i = known.firstIndex(of: key(s)) { return i }
            let readings = read(s, 3)
            guard !readings.isEmpty else { return nil }
            if knownReadings == nil { knownReadings = waypoints.map { read($0, 1).first } }
            for r in readings {
                if let i = knownReadings?.firstIndex(where: { w in
                    guard let w else { return false }
                    return Self.sameAirport(w, r)
                }) { return i }
            }
            return nil
        }
        let isInner = { (p: Int) in p > 0 && p < waypoints.count - 1 }
        // "swap LDLO and LDPL around", "switch the order of LFOH and LFAT": two stops named trade places.
        if words.contains(where: { ["swap", "switch", "exchange", "invert", "flip"].contains($0) }), Set(named).count == 2, !removing {
            var swapped = waypoints
            let pair = Array(Set(named))
            swapped.swapAt(pair[0], pair[1])
            return swapped
        }
        /// The intermediate stop named by the one to three words after `i` ("skip Gap", "drop Le Touquet").
        func stopAfter(_ i: Int) -> Int? {
            guard i + 1 < words.count else { return nil }
            for n in stride(from: min(3, words.count - i - 1), through: 1, by: -1) {
                if let p = position(words[(i + 1)...(i + n)].joined(separator: " ")), isInner(p) { return p }
            }
            return nil
        }
        if removing {
            // "skip EGHH, straight to EGJJ", "drop Olbia, Ajaccio direct Palermo": the stop named right after
            // the removing word goes; otherwise every intermediate stop the turn names.
            let cued = Set(words.indices.filter { Self.removingWords.contains(words[$0]) }.compactMap(stopAfter))
            let inner = cued.isEmpty ? Set(named.filter(isInner)) : cued
            if !inner.isEmpty { return waypoints.enumerated().filter { !inner.contains($0.offset) }.map(\.element) }
        }
        if padded.contains(" direct "), named.isEmpty || removing, waypoints.count > 2 { return [waypoints[0], waypoints[waypoints.count - 1]] }
        // The new place: a code or name of the turn that is not on the route yet.
        let candidates = e.airportCodes + [e.place, e.subject, e.routeFrom, e.routeTo].compactMap { $0 } + extractor.placeMentions(in: text, limit: 4)
        guard let new = candidates.first(where: { position($0) == nil }) else { return nil }
        func anchor(_ cue: String) -> Int? {
            guard let i = words.firstIndex(of: cue), i + 1 < words.count else { return nil }
            if let p = known.firstIndex(of: words[i + 1]) { return p }
            // "after Le Touquet": a name of up to three words.
            for n in stride(from: min(3, words.count - i - 1), through: 1, by: -1) {
                if let p = position(words[(i + 1)...(i + n)].joined(separator: " ")) { return p }
            }
            return nil
        }
        var out = waypoints
        if let a = anchor("after") { out.insert(new, at: a + 1); return out }
        if let b = anchor("before"), b > 0 { out.insert(new, at: b); return out }
        // "between LFAT and LFRK", "in between Stavanger and Bergen": the two stops by code or by name.
        let ends = named.count >= 2 ? [named[0], named[1]] : [e.routeFrom, e.routeTo].compactMap { $0.flatMap(position) }
        if words.contains("between"), ends.count == 2 {
            let (a, b) = (min(ends[0], ends[1]), max(ends[0], ends[1]))
            if b == a + 1 { out.insert(new, at: b); return out }
        }
        // "add Guernsey as a stop in between": a route of two ends has one place to put it.
        if words.contains("between"), named.isEmpty, waypoints.count == 2 { out.insert(new, at: 1); return out }
        // "add EDSB at the beginning", "tack Haverfordwest on the end".
        if [" at the beginning ", " at the start ", " to the start ", " in front ", " as the first "].contains(where: padded.contains) { out.insert(new, at: 0); return out }
        if [" at the end ", " on the end ", " to the end ", " at the finish ", " as the last "].contains(where: padded.contains) { out.append(new); return out }
        return nil
    }

    /// The station of a load (`{"station", "amount", "unit"}`), folded ("Rear Seats" → "rear seats").
    static func loadStation(_ load: JSONValue) -> String? { load.objectValue?["station"]?.stringValue.map(TextNormalizer.fold) }

    /// `old` loads with each of `new` in place of the load of the same station (added when none).
    static func loadsMerged(_ old: [JSONValue], with new: [JSONValue]) -> JSONValue {
        var out = old
        for load in new {
            if let i = out.firstIndex(where: { loadStation($0) != nil && loadStation($0) == loadStation(load) }) { out[i] = load } else { out.append(load) }
        }
        return .array(out)
    }

    /// "what if the passenger sits in the back", "and if the kids stay at home": the load of the
    /// station named moved to the rear seats, or taken out. Nil when the turn does neither.
    func seatingChange(_ loads: [JSONValue], _ padded: String) -> [JSONValue]? {
        let moves = PlanningText.first(#"\b(?:sits?|sitting|seated|goes|go|moves?|put|puts|swaps?)\b[^,.;]{0,24}\b(?:back|rear|behind)\b"#, in: padded) != nil
            || PlanningText.first(#"\bin\s+(?:the\s+)?(?:back|rear)\b"#, in: padded) != nil
        let removes = PlanningText.first(#"\b(?:stays?|staying|stay)\s+(?:at\s+)?home\b|\b(?:not|isn\s?t|aren\s?t|don\s?t|doesn\s?t|won\s?t)\s+(?:coming|come|fly|flying)\b|\bstays?\s+behind\b|\bwithout\s+(?:the\s+|my\s+)?"#, in: padded) != nil
        // "drop the lads", "what if I remove the one in the back": taken out, when no new amount is stated
        // ("drop the bags to 10" changes the amount).
        let takesOut = !removes && !padded.contains(where: \.isNumber)
            && PlanningText.first(#"\b(?:remove|drop|minus|leave\s+out|take\s+out|leave\s+behind)\b"#, in: padded) != nil
        guard moves || removes || takesOut else { return nil }
        // The station named: the longest station word of the turn that a load has.
        let named = PlanningText.stationWords.filter { padded.contains(" \($0) ") }.sorted { $0.count > $1.count }
        let inBack = { (load: JSONValue) in Self.loadStation(load).map { $0.contains("back") || $0.contains("rear") } ?? false }
        var found = named.lazy.compactMap { w in loads.firstIndex { Self.loadStation($0) == w } }.first
        if found == nil, removes || takesOut {
            // A passenger named by who they are ("the kids stay home", "drop the lads"): the load typed with that
            // word, else the one in the back; "the rear passenger" is the load in the back, however it was typed.
            if let who = Self.backSeatPeople.first(where: { padded.contains(" \($0) ") }) {
                found = loads.firstIndex { Self.loadStation($0)?.contains(who) == true } ?? loads.firstIndex(where: inBack)
            } else if padded.contains(" rear ") || padded.contains(" back ") {
                found = loads.firstIndex(where: inBack)
            }
        }
        guard let i = found, let word = Self.loadStation(loads[i]) else { return nil }
        var out = loads
        if removes || takesOut { out.remove(at: i); return out }
        guard var load = loads[i].objectValue, !word.contains("rear"), !word.contains("back") else { return nil }
        load["station"] = .string("rear passenger")
        out[i] = .object(load)
        return out
    }

    /// Passengers named by who they are, who usually sit in the back ("the kids stay home").
    static let backSeatPeople = ["kids", "kid", "children", "child", "childs", "lads", "boys", "girls", "son", "daughter", "grandma", "granny", "grandpa", "grandad"]

    /// Words that take a stop out of a route, before its name.
    static let removingWords: Set<String> = ["drop", "skip", "remove", "without", "omit", "cut", "delete", "forget", "scrap", "bypass", "exclude"]

    /// A turn that removes one thing and adds another, split into the clause with the clearing cue
    /// and the rest ("drop the customs, just paved" → "drop the customs" / "just paved"); the second
    /// is empty when the turn is one clause.
    func clauses(of text: String) -> (clearing: String, rest: String) {
        for sep in [",", ";", " but ", " just ", " only ", " instead want ", " and only "] {
            guard let r = text.range(of: sep, options: .caseInsensitive) else { continue }
            let a = String(text[..<r.lowerBound]), b = String(text[r.upperBound...])
            let cue = { (t: String) in self.lexicon.hasCue("clear_filter", in: " " + TextNormalizer.fold(t) + " ") }
            // "non, forget the IFR, but …": a side of one word ("non") is no clause.
            let words = { (t: String) in t.split(separator: " ").count }
            if cue(a), !cue(b), words(b) >= 2 { return (a, b) }
            if cue(b), !cue(a), words(a) >= 2 { return (b, a) }
        }
        return (text, "")
    }

    /// Arguments a pilot drops by naming them with "any"/"all" ("any day", "all categories").
    static let clearableNouns: [String: [String]] = ["day_of_week": ["day", "days"], "category": ["category", "categories", "kinds", "types"],
                                                     "runway": ["runways", "runway"],
                                                     "max_results": ["results"], "max_distance_nm": ["distance"]]

    /// "swap Ireland for France", "replace EGTF with EGKA", "change Lyon to Grenoble": the new and the old value.
    func exchangeWords(in text: String) -> (new: String, old: String)? {
        guard let (old, typed) = Self.twoGroups(Self.exchangePattern, in: text) else { return nil }
        // "replace Biarritz by Pau, please": the name without the courtesy after it.
        let new = extractor.recognisedSpan(typed)
        // Only names: "change the radius to 20" is a value, read elsewhere.
        guard !["it", "the radius", "the distance", "radius", "the speed", "speed"].contains(old.lowercased()),
              extractor.namesSomething(new) || extractor.countries.code(for: new) != nil else { return nil }
        return (new, old)
    }

    /// "25 not 35", "Poitiers, not Limoges", "rwy 30 not 12": the value meant and the one rejected.
    func correction(in typed: String) -> (new: String, old: String)? {
        // "27 not 09, sorry": courtesy after the correction is not part of it.
        var text = typed.contains(where: \.isLetter)
            ? typed.replacingOccurrences(of: #"(?i)(?:[\s,;]+(?:sorry|pls|please|thanks|thx|my bad|my mistake|oops)[.!]*)+$"#, with: "", options: .regularExpression)
            : typed
        if typed.contains(where: \.isLetter) { text = Self.plainCorrection(text) }
        // "no, not Belgium, I meant Denmark": the rejected value first.
        if let (old, meant) = Self.twoGroups(Self.rejectedFirstPattern, in: text) { return (meant, old) }
        // "sorry, not Nice, Marseille": the same with no verb, when the value meant is no number (numbers are read below).
        if let (old, meant) = Self.twoGroups(Self.rejectedThenNamedPattern, in: text), Double(meant) == nil, Double(old) == nil { return (meant, old) }
        // "not 762, 726 kg": a number rejected first, then the one meant.
        if let (old, meant) = Self.twoGroups(Self.rejectedNumberFirstPattern, in: text) { return (meant, old) }
        // "sorry, 10 was wrong, it was 6 days": the wrong value named first, then the right one.
        if let (old, meant) = Self.twoGroups(Self.wrongValuePattern, in: text) { return (meant, old) }
        // "800 m is too much, 600 is ok": the value judged too much (or too little) first, then the one that will do.
        if let (old, meant) = Self.twoGroups(Self.tooMuchPattern, in: text) { return (meant, old) }
        guard let (meant, typedOld) = Self.twoGroups(Self.correctionPattern, in: text) else {
            // "it's 250 not 230, so with the 25 gusting 32 …": two numbers of one kind corrected mid-sentence.
            if let (meant, old) = Self.twoGroups(Self.numberCorrectionPattern, in: text), meant.count == old.count { return (meant, old) }
            return nil
        }
        var old = typedOld
        // "2450 lb, not 2400 lb": a number rejected with its unit is the number.
        if let m = PlanningText.first(#"^(\d+(?:\.\d+)?)\s*(?:°\s*)?[a-z]{1,7}$"#, in: old), let n = m[1] { old = n }
        // "I said Poitiers" → "Poitiers"; "rwy 30" → "30"; "220 degrees" → "220".
        let words = meant.split(separator: " ")
        if words.count > 1, Double(old) != nil, let number = words.first(where: { Double($0) != nil }) { return (String(number), old) }
        // "I meant 1003 for the QNH, not 1013": a number rejected, and the one number typed before it is meant.
        if Double(old) != nil, !meant.contains(where: \.isNumber) {
            let others = Self.plainNumbers(in: text).filter { $0 != old }
            if others.count == 1 { return (others[0], old) }
        }
        // The data is asked once whether the words before "not" name something.
        guard words.count > 1 || Double(old) == nil, !extractor.namesSomething(meant) else { return (meant, old) }
        // "it was Jersey we left from, not Guernsey": the place the clause before "not" names, when
        // its last word names none ("to Malaga, not Alicante" keeps "Malaga").
        if Double(old) == nil, !(words.count > 1 && extractor.namesSomething(String(words.last!))),
           let cut = text.range(of: #"(?i)[\s,]+not\s"#, options: [.regularExpression, .backwards]) {
            let span = extractor.recognisedSpan(String(text[..<cut.lowerBound]))
            if span.contains(" ") || span.first?.isUppercase == true, extractor.namesSomething(span),
               TextNormalizer.fold(span) != TextNormalizer.fold(old) { return (span, old) }
        }
        if words.count > 1, let last = words.last { return (String(last), old) }
        return (meant, old)
    }

    /// A correction of a place with its punctuation and role words read off: "not Valladolid — Salamanca"
    /// → "not Valladolid, Salamanca"; "not from Kortrijk, from Wevelgem I mean" → "not Kortrijk, Wevelgem";
    /// "not till Deauville but till Caen" → "not Deauville but Caen".
    static func plainCorrection(_ text: String) -> String {
        var t = text.replacingOccurrences(of: #"\s+[—–-]+\s+"#, with: ", ", options: .regularExpression)
        t = t.replacingOccurrences(of: #"(?i)[\s,]+i\s+mean[t]?\b[.!?]*$"#, with: "", options: .regularExpression)
        if let m = PlanningText.first(#"(?i)\bnot\s+(from|to|till|at)\s"#, in: t), let role = m[1] {
            t = t.replacingOccurrences(of: #"(?i)\bnot\s+"# + role + #"\s+"#, with: "not ", options: .regularExpression)
            t = t.replacingOccurrences(of: #"(?i)(,\s*|\s+but\s+)"# + role + #"\s+"#, with: "$1", options: .regularExpression)
        }
        return t
    }

    /// "not" in the pilots' languages, as a pattern group ("37 non 38", "23 nicht 32", "LPVR não LPBR").
    static let notWord = #"(?:not|non|nicht|niet|nao|não)"#

    /// "swap X for Y" and its kin (compiled once: follow-ups run it on every turn).
    static let exchangePattern = try! NSRegularExpression(pattern: #"(?i)\b(?:swap|replace|change|substitute|exchange)\s+(.+?)\s+(?:for|with|by|to|w)\s+(.+?)[?.!]*$"#)
    /// "not B, I meant A" / "not B but A" / "I said B but I meant A" / "scratch B, I meant A".
    static let rejectedFirstPattern = try! NSRegularExpression(pattern: #"(?i)\b(?:not|said|scratch|scrap|strike)\s+(?:the\s+)?([\w.'-]+(?:\s+[A-Z][\w'-]+)?)\s*,?\s+(?:(?:but\s+)?(?:i\s+)?(?:meant|mean|rather)|but)\s+(?:the\s+)?([\w.'-]+(?:\s+[A-Z][\w'-]+)?)\s*[?.!]*(?:,\s.*)?$"#)
    /// "not Nice, Marseille", "not stansted it was luton": the rejected value, then the one meant with no verb of meaning.
    /// A clause after the value meant ("Not Dublin, EIWT, the little one at Leixlip") is not part of it.
    static let rejectedThenNamedPattern = try! NSRegularExpression(pattern: #"(?i)\bnot\s+(?:the\s+)?([\w.'-]+(?:\s+[\w'-]+)?)(?:\s*,\s*(?:it\s+(?:was|is)\s+|it's\s+)?|\s+it\s+(?:was|is)\s+|\s+it's\s+)(?:the\s+)?([\w.'-]+(?:\s+[\w'-]+)?)\s*[?.!]*(?:,\s.*)?$"#)
    /// "not 762, 726 kg", "not 120 kt but 125".
    static let rejectedNumberFirstPattern = try! NSRegularExpression(pattern: #"(?i)\bnot\s+(\d[\d.]*)\s*(?:[a-z/]+\s*)?(?:,|but|;)\s*(?:it'?s\s+|it\s+is\s+)?(\d[\d.]*)"#)
    /// "B was wrong, it was A", "B is wrong, should be A".
    static let wrongValuePattern = try! NSRegularExpression(pattern: #"(?i)\b([\d.]+)\s+(?:was|is)\s+wrong\b[\s,;:-]*(?:it\s+(?:was|is|s)|it's|should\s+(?:be|have\s+been)|make\s+it|use)?\s*([\d.]+)"#)
    /// "800 m is too much, 600 is ok", "1.5 h is too long, 1 h will do": the value judged wrong, then the one meant.
    static let tooMuchPattern = try! NSRegularExpression(pattern: #"(?i)(?<![\d./])(\d+(?:\.\d+)?)\s*(?:°\s*[cf]|[a-z/]{1,7})?\s+(?:is|are|was|'s|seems|looks)\s+(?:a\s+bit\s+|way\s+|much\s+|far\s+)?too\s+(?:much|long|high|far|many|big|low|little|short|few|small|fast|slow|hot|cold|heavy|light)\b[\s,;:-]*(?:but\s+|so\s+|make\s+it\s+|try\s+|use\s+|rather\s+|only\s+)?(\d+(?:\.\d+)?)(?![\d/])"#)
    /// Numbers standing as words of `text` ("1003", "29.80"; not the 30 of "30kt" or "250/20").
    static func plainNumbers(in text: String) -> [String] {
        text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "?" || $0 == "!" || $0 == ";" })
            .map { $0.hasSuffix(".") ? String($0.dropLast()) : String($0) }
            .filter { Double($0) != nil }
    }
    /// "250 not 230, so …": a number corrected before the turn goes on (a comma, a full stop, "so", "and").
    /// Each number may carry its unit ("it is 2450 lb, not 2400 lb.", "32 °C, not 28 °C").
    static let numberCorrectionPattern = try! NSRegularExpression(
        pattern: #"(?i)(?<![\d./])(\d+(?:\.\d+)?)\s*(?:°\s*[cf]|[a-z/]{1,7}(?<!not))?\s*,?\s+"# + notWord + #"\s+(\d+(?:\.\d+)?)\s*(?:°\s*[cf]\b|[a-z/]{1,7}\b(?<!\bso|\band|\bbut))?(?=\s*[,;.!?]|\s+(?:so|and|but)\b|\s*$)"#)
    /// "A not B" at the end of a turn.
    /// ("37 non 38", "23 nicht 32", "LPVR não LPBR": the word for not of the pilots' other languages too.)
    static let correctionPattern = try! NSRegularExpression(pattern: #"(?i)([\w.'-]+(?:\s+[\w'-]+)?)\s*,?\s+"# + notWord + #"\s+(?:the\s+)?([\w.'-]+(?:\s+[A-Z][\w'-]+)?)\s*[?.!]*$"#)

    /// The first two groups of `pattern`'s first match in `text`, trimmed of spaces.
    static func twoGroups(_ pattern: NSRegularExpression, in text: String) -> (String, String)? {
        guard let m = pattern.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
              let a = Range(m.range(at: 1), in: text), let b = Range(m.range(at: 2), in: text) else { return nil }
        return (text[a].trimmingCharacters(in: .whitespaces), text[b].trimmingCharacters(in: .whitespaces))
    }

    /// The item at ordinal position `n` (1-based, -1 for the last) of `list`, or nil.
    static func item(_ n: Int, of list: [String]) -> String? {
        let index = n < 0 ? list.count - 1 : n - 1
        return list.indices.contains(index) ? list[index] : nil
    }

    /// The plausible range of each numeric argument a bare number may change.
    static let bareNumberRanges: [(key: String, range: ClosedRange<Double>)] = [
        ("temperature_c", -50...55), ("tas_kts", 40...450), ("cruise_speed_kts", 40...450), ("qnh_hpa", 900...1100),
        ("delay_hours", 0...72), ("weight", 300...12000), ("max_results", 1...50), ("max_leg_time_hours", 0.5...12),
        ("max_distance_nm", 1...500),
    ]

    /// The argument of `previous` a lone number in a short turn changes, when exactly one of its
    /// numeric values can take it, or exactly one of those the last turn changed (`lastChanged`);
    /// nil when the turn has no lone number, several, or several slots fit.
    func bareNumberSlot(_ text: String, _ previous: Arguments, lastChanged: Set<String> = []) -> (String, Double)? {
        let words = text.lowercased().split(whereSeparator: { $0 == " " || $0 == "?" || $0 == "!" || $0 == "," }).map(String.init)
        guard lexicon.contentWords(words).count <= 6 else { return nil }
        // "1.5h", "2h": hours written on the number, for the values counted in hours.
        // "1h45" is an hour and three quarters; "1 h max" an hour.
        let hours = words.indices.compactMap { i -> Double? in
            let w = words[i]
            if let m = PlanningText.first(#"^(\d+(?:[.,]\d+)?)h(\d{1,2})?$"#, in: w), let h = m[1].flatMap({ Double($0.replacingOccurrences(of: ",", with: ".")) }) {
                return h + (m[2].flatMap(Double.init) ?? 0) / 60
            }
            if i + 1 < words.count, ["h", "hr", "hrs", "hour", "hours"].contains(words[i + 1]), let h = Double(w.replacingOccurrences(of: ",", with: ".")) { return h }
            return nil
        }
        if hours.count == 1, words.filter({ $0.contains(where: \.isNumber) }).count == 1, let h = hours.first {
            let fits = ["delay_hours", "max_leg_time_hours"].filter { previous[$0]?.doubleValue != nil }
            return fits.count == 1 ? (fits[0], h) : nil
        }
        let numbers = words.compactMap { Double($0) }
        // Only a number standing alone: "35 degrees" or "270/20" are read by the recognizers.
        guard numbers.count == 1, let n = numbers.first, words.filter({ $0.contains(where: \.isNumber) }).count == 1 else { return nil }
        var fits = Self.bareNumberRanges.filter { previous[$0.key]?.doubleValue != nil && $0.range.contains(n) }.map(\.key)
        // "what about 21": a runway number, when the frame has a runway.
        // "and if it's 35?": a state of the weather, not a runway.
        if previous["runway"] != nil, let i = words.firstIndex(where: { Double($0) != nil }), words[i].count == 2, (1...36).contains(n),
           !(i > 0 && ["it's", "its", "it"].contains(words[i - 1])),
           !(i + 1 < words.count && (EntityExtractor.isQuantityToken((words[i] + words[i + 1]).uppercased()) || ["knots", "degrees", "feet", "hours", "minutes", "kilos"].contains(words[i + 1]))) {
            fits.append("runway")
        }
        if fits.count > 1 { fits = fits.filter(lastChanged.contains) }
        return fits.count == 1 ? (fits[0], n) : nil
    }

    /// The other end of `runway` ("26" → "08", "09L" → "27R"), for "and the other runway?".
    static func reciprocal(of runway: String) -> String? {
        let digits = runway.prefix(while: \.isNumber)
        guard let n = Int(digits), (1...36).contains(n) else { return nil }
        let side: [Character: String] = ["L": "R", "R": "L", "C": "C"]
        let suffix = runway.dropFirst(digits.count).first.flatMap { side[Character($0.uppercased())] } ?? ""
        return String(format: "%02d", (n + 17) % 36 + 1) + suffix
    }

    /// Tools whose arguments are all places and airport filters: merged above, not by their builder.
    static let placeTools: Set<String> = ["find_airports_near_route", "find_airports_near_location", "search_airports", "get_airport_details",
                                          "calculate_flight_distance", "browse_rules", "answer_rules_question", "compare_rules_between_countries"]
    /// The airspeed arguments of the route tools (`cruise_speed_kts`) and the nav log (`tas_kts`).
    static let speedKeys = ["cruise_speed_kts", "tas_kts"]
    /// Arguments that hold a place; a follow-up changes them only through a recognised place.
    static let placeKeys: Set<String> = ["icao", "icao_code", "location_query", "from_location", "to_location", "from", "to", "waypoints", "question"]

    /// "Antwerp instead of Brussels" / "Brussels → Antwerp rather than": the new and the old name.
    func replacement(in text: String) -> (new: String, old: String)? {
        for cue in lexicon.dialogue["replace_end"] ?? [] {
            guard let r = text.range(of: " \(cue) ", options: .caseInsensitive) else { continue }
            var before = String(text[..<r.lowerBound]).split(separator: " ").map(String.init)
            while let w = before.first, Self.leadingCueWords.contains(w.lowercased().trimmingCharacters(in: .punctuationCharacters)) { before.removeFirst() }
            let new = before.joined(separator: " ").trimmingCharacters(in: CharacterSet(charactersIn: " ,.?!"))
            let after = String(text[r.upperBound...])
            // "instead of Rotterdam, Antwerp?": the old name first, the new one after the comma.
            if new.isEmpty, let comma = after.firstIndex(of: ","),
               let old = EntityExtractor.trimPlace(String(after[..<comma])), let fresh = EntityExtractor.trimPlace(String(after[after.index(after: comma)...])) {
                return (fresh, old)
            }
            guard !new.isEmpty, let old = EntityExtractor.trimPlace(after) else { continue }
            // "and if it went to Tenerife instead of Palma": the name, not the words before it.
            return (extractor.recognisedSpan(new), old)
        }
        return nil
    }

    /// Whether `value` is `name` as typed or a longer name it opens ("Zell am See" for "Zell").
    static func sameNameOrLonger(_ value: String, _ name: String) -> Bool {
        let (v, n) = (TextNormalizer.fold(value), TextNormalizer.fold(name))
        return v == n || v.hasPrefix(n + " ")
    }

    /// Replaces the argument whose value names `old` with `new`; false when none does.
    func replace(_ old: String, with new: String, in args: inout Arguments, tool: ToolDefinition) -> Bool {
        // "at LSZS instead of 6500 ft": a place in place of a stated number the catalog says a place
        // replaces (an elevation) takes the tool's place slot, and the number goes.
        if let n = PlanningText.number(old.split(separator: " ").first.map(String.init)),
           let slot = ConversationContext.placeSlots.first(where: { tool.properties[$0] != nil }),
           let key = args.first(where: { $0.value.doubleValue == n && tool.intent.isReplaced($0.key, by: [slot: .string(new)]) })?.key,
           extractor.namesSomething(new) {
            args[key] = nil
            args[slot] = .string(extractor.knownCode(new) ?? new)
            return true
        }
        for key in ["from_location", "to_location", "from", "to", "location_query", "icao", "icao_code"] {
            if let v = args[key]?.stringValue, Self.sameNameOrLonger(v, old) {
                args[key] = .string(new); return true
            }
        }
        if replaceStop(old, with: new, in: &args, byPlace: false) { return true }
        // "not Mariehamn, Turku" after a distance to EFMA: the name and the code held are one place.
        for key in ["from_location", "to_location", "from", "to", "location_query", "icao", "icao_code"] {
            if let v = args[key]?.stringValue, namesSamePlace(old, v) { args[key] = .string(new); return true }
        }
        if replaceStop(old, with: new, in: &args, byPlace: true) { return true }
        // "swap Croatia for Slovenia" after airports in Croatia: a country held as its code.
        if let o = extractor.countries.code(for: old), let n = extractor.countries.code(for: new) {
            for key in ["query", "country_code"] where args[key]?.stringValue == o { args[key] = .string(n); return true }
            if var filters = args["filters"]?.objectValue, filters["country"]?.stringValue == o {
                filters["country"] = .string(n); args["filters"] = .object(filters); return true
            }
        }
        return false
    }

    /// Replaces the stop of the route in `args` that `old` names, as typed or, when `byPlace`, by any
    /// name of the same place (`namesSamePlace`); false when no stop matches.
    func replaceStop(_ old: String, with new: String, in args: inout Arguments, byPlace: Bool) -> Bool {
        let target = TextNormalizer.fold(old)
        guard var w = args["waypoints"]?.arrayValue,
              let i = w.firstIndex(where: { $0.stringValue.map { byPlace ? namesSamePlace(old, $0) : TextNormalizer.fold($0) == target } ?? false }) else { return false }
        w[i] = .string(new)
        args["waypoints"] = .array(w)
        return true
    }

    /// Whether two names mean one place: the same airport ("Mariehamn" and "EFMA" when the data
    /// reads the name as the airport), or a town and an airport within 10 NM of each other. Names
    /// the data does not know never match.
    func namesSamePlace(_ a: String, _ b: String) -> Bool {
        guard TextNormalizer.fold(a) != TextNormalizer.fold(b) else { return true }
        guard let x = extractor.resolver.readings(of: a, limit: 1).first, let y = extractor.resolver.readings(of: b, limit: 1).first else { return false }
        if let i = x.ident, let j = y.ident { return i == j }
        guard let p = x.coordinate, let q = y.coordinate else { return false }
        return Geodesy.distanceNM(p, q) <= 10
    }

    /// The place after the first cue of `kind` present in the text, when the data knows it.
    func placeAfterCue(_ kind: String, in text: String, padded: String) -> String? {
        for cue in lexicon.dialogue[kind] ?? [] where padded.contains(" \(cue) ") {
            guard let place = placeAfter(cue, in: text) else { continue }
            // "and to lfkj": a code typed in lower case is written as a code.
            if place.count == 4, let code = extractor.knownCode(place) { return code }
            let span = extractor.recognisedSpan(place)
            // A common word is a place here only when it is a town the data knows by exactly that
            // name ("from nice instead"): the cue says a place follows.
            let common = lexicon.commonWords.contains(span.lowercased())
            guard span.count >= 3 else { continue }
            if let reading = extractor.resolver.readings(of: span, limit: 1).first, !common || reading.exact && !span.contains(" ") { return span }
            // The resolver reads no common word typed in lower case; the town table still knows "nice".
            if common, extractor.isCityName(span) { return span }
        }
        return nil
    }

    /// The place named after `cue` in `text` ("leaving from Shoreham instead" → "Shoreham").
    func placeAfter(_ cue: String, in text: String) -> String? {
        guard let r = text.range(of: #"(?i)\b"# + NSRegularExpression.escapedPattern(for: cue) + #"\s"#, options: .regularExpression) else { return nil }
        var rest = String(text[r.upperBound...])
        for tail in [" instead", " then", " please", " pls"] {
            if let t = rest.range(of: tail, options: [.caseInsensitive, .backwards]) { rest = String(rest[..<t.lowerBound]) }
        }
        return EntityExtractor.trimPlace(rest)
    }

    /// The NOTAM an ordinal or a deictic word refers to, right after an answer that showed NOTAMs
    /// ("mark it read", "flag the 2nd as important"); nil when the reference is not to a NOTAM or
    /// "it" could be any of several.
    /// Tools whose answers show NOTAMs a later turn can point at.
    static let notamTools: Set<String> = ["parse_notams", "notams_for_airport", "briefing_changes", "set_notam_status", "import_briefing"]

    func notamReference(in e: Entities, context: ConversationContext) -> String? {
        guard !context.lastNotams.isEmpty, context.lastTool.map(Self.notamTools.contains) == true || e.words.contains(where: { $0.hasPrefix("notam") }) else { return nil }
        for (i, w) in e.words.enumerated() {
            guard let n = lexicon.ordinals[w], !(i + 1 < e.words.count && Int(e.words[i + 1]) != nil) else { continue }
            return Self.item(n, of: context.lastNotams)
        }
        let padded = " " + e.words.joined(separator: " ") + " "
        let deictic = lexicon.hasCue("deictic", in: padded) || [" that notam ", " this notam ", " the notam ", " this one ", " that one "].contains { padded.contains($0) }
        return deictic && context.lastNotams.count == 1 ? context.lastNotams[0] : nil
    }

    /// The airport an ordinal or a deictic word refers to ("the 2nd", "that one", "there"), from the dialogue state.
    func reference(in e: Entities, context: ConversationContext) -> String? {
        let words = e.words
        for (i, w) in words.enumerated() {
            // "number 2", "no. 3", "#4" count like ordinals.
            if ["number", "no", "nr", "#"].contains(w), i + 1 < words.count, let n = Int(words[i + 1]), n >= 1, !context.lastResults.isEmpty {
                return Self.item(n, of: context.lastResults)
            }
            guard let n = lexicon.ordinals[w] else { continue }
            // "the first one", "the 2nd", "number 3"; "top 3" and "first 5" are counts, not references.
            let next = i + 1 < words.count ? words[i + 1] : ""
            if Int(next) != nil { continue }
            if ["top", "nearest", "closest"].contains(w), next != "one" { continue }
            // "to last me", "last year", "at last": "last" points into a list only as "the last" or "last one".
            if w == "last", !(i > 0 && ["the", "that", "this"].contains(words[i - 1]) || ["one", "airport", "field", "airfield", "option"].contains(next)) { continue }
            // "give me the 8 first": a number before the ordinal is a count.
            if i > 0, Int(words[i - 1]) != nil { continue }
            guard !context.lastResults.isEmpty else { return nil }
            return Self.item(n, of: context.lastResults)
        }
        // "the biggest one", "the one with the longest runway", "the smallest": by runway length.
        if !context.lastResults.isEmpty, let w = words.first(where: { ["biggest", "largest", "longest", "smallest", "shortest"].contains($0) }) {
            let lengths = context.lastResults.compactMap { id in
                ((try? extractor.repository.airport(code: id)) ?? nil).flatMap { a in a.longestRunwayFt.map { (id, $0) } }
            }
            let pick = ["smallest", "shortest"].contains(w) ? lengths.min { $0.1 < $1.1 } : lengths.max { $0.1 < $1.1 }
            if let pick { return pick.0 }
        }
        // "is there fog", "will there be", "there are no …": an existential "there" points at no place.
        var padded = " " + words.joined(separator: " ") + " "
        for existential in [" is there ", " are there ", " was there ", " were there ", " will there ", " would there ", " there is ",
                            " there are ", " there s ", " there was ", " there were ", " there will ", " there be "] {
            padded = padded.replacingOccurrences(of: existential, with: " " + existential.split(separator: " ").filter { $0 != "there" }.joined(separator: " ") + " ")
        }
        // "the destination aerodrome", "the departure": an end of the last route.
        let last = context.lastArguments
        // In a passenger's claim, arrival and departure are the flight's events ("the delay on arrival").
        let flightClaim = context.lastTool == "eu261_compensation"
        if !flightClaim, words.contains(where: { ["destination", "arrival"].contains($0) }), let to = (last["to_location"] ?? last["to"] ?? last["waypoints"]?.arrayValue?.last)?.stringValue { return to }
        if !flightClaim, words.contains(where: { ["departure", "origin"].contains($0) }), let from = (last["from_location"] ?? last["from"] ?? last["waypoints"]?.arrayValue?.first)?.stringValue { return from }
        // After a route, "it"/"that" is the route ("how far is it?"), not one airport.
        let routeLast = context.lastArguments["to_location"] != nil || context.lastArguments["to"] != nil
        if routeLast, !["there", "that airport", "that field", "that one", "this one"].contains(where: { padded.contains(" \($0) ") }) { return nil }
        // "make it 80 km": "it" with a changed value is the question, not a place.
        let onlyIt = !(lexicon.dialogue["deictic"] ?? []).contains { $0 != "it" && padded.contains(" \($0) ") }
        if onlyIt, e.hasModifiers || e.distanceNM != nil || e.count != nil { return nil }
        // "IT only": Italy typed in capitals, not "it".
        if onlyIt, e.countries.contains("IT"), e.words.count <= 4 { return nil }
        // "make it Hungarian ones", "make it Arles instead": a country or place the question is changed to.
        if onlyIt, !e.countries.isEmpty || e.subject != nil, let i = words.firstIndex(of: "it"), i > 0, ["make", "change", "set", "switch", "turn"].contains(words[i - 1]) { return nil }
        // "drop it to 5", "make it 24 C and 950 kg", "and if it's 35?": "it" before a value is the question's value.
        if onlyIt, let i = words.firstIndex(of: "it"),
           let value = words[(i + 1)...].first(where: { !["s", "is", "was", "to", "be"].contains($0) }), value.first?.isNumber == true { return nil }
        // "make it 50" after a search within 30 NM: a lone number that changes a value of the last frame.
        if onlyIt, bareNumberSlot(padded, last, lastChanged: context.lastChangedKeys) != nil { return nil }
        // "how is it at 20z" after a pasted TAF: "it" is the report, not the place talked about before it.
        if onlyIt, answersFurtherQuestions(context.lastTool) { return nil }
        if lexicon.hasCue("deictic", in: padded) {
            // "crosswind on 26 there?" right after a pasted METAR or TAF: "there" is the report's station
            // (only when pointed at: the report does not make its station the subject of later questions).
            if padded.contains(" there "), let station = last["report"]?.stringValue.flatMap(ConversationContext.reportStation) { return station }
            return context.subject
        }
        return nil
    }
}
