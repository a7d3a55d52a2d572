import AirportData
import Foundation

/// Stage 5, dialogue: references to earlier questions of the same kind, read from the answered
/// questions the dialogue state keeps (`ConversationContext.history`).
///
/// - "the first one I asked about", "show me the first one", "the first flight, the outbound one":
///   an ordinal over what earlier questions of this tool were about (types, profiles, trips),
///   when the last answer was no list the ordinal could point into;
/// - "the return" after a claim for the way back already: that leg, not the outbound again;
/// - "with them" in a compensation question: the airline of the last one.
extension KeywordFallbackBackend {
    /// What a question was about, for telling two questions of one tool apart: the aircraft type,
    /// the profile, the trip (both ends), the one airport ("back to the first one, but on saturday"),
    /// nil for a question about none of these.
    static func aboutWhat(_ arguments: Arguments) -> [String: JSONValue]? {
        for keys in [["designator"], ["name"], ["from", "to"], ["from_location", "to_location"], ["icao"], ["icao_code"]] {
            let values = keys.compactMap { k in arguments[k].map { (k, $0) } }
            if values.count == keys.count { return Dictionary(uniqueKeysWithValues: values) }
        }
        return nil
    }

    /// Words after an ordinal that make it point at an earlier question rather than at a listed airport.
    static let earlierQuestionNouns: Set<String> = ["one", "flight", "claim", "plane", "aircraft", "type", "profile", "leg", "trip", "question", "journey"]

    /// "the first one I asked about": the turn re-read against the earlier question of the same tool
    /// that the ordinal picks among the different things that tool was asked about, in the order first asked.
    func earlierSubject(_ turn: TurnReading, _ c: inout Classification, _ context: ConversationContext) {
        guard let last = context.lastTool, c.tool == nil || c.tool == last, !ConversationContext.listTools.contains(last),
              c.declinedCue == nil else { return }
        let words = turn.entities.words
        // "back to the first airport" after density altitudes at two airports: an airport noun counts
        // after a question about one airport that shows no list (the details of a listed airport do).
        let nouns = last == "get_airport_details" ? Self.earlierQuestionNouns : Self.earlierQuestionNouns.union(Self.airportNouns)
        guard let i = words.indices.first(where: { i in
            // "cruise speed of the first?": an ordinal ending the turn after "the" counts too.
            lexicon.ordinals[words[i]] != nil && (i + 1 < words.count && nouns.contains(words[i + 1])
                || i + 1 == words.count && i > 0 && words[i - 1] == "the")
        }) ?? standaloneOrdinal(turn.input).flatMap({ n in words.firstIndex { lexicon.ordinals[$0] == n } }),
              let n = lexicon.ordinals[words[i]] else { return }
        // A list shown since the last question of another tool is what an ordinal counts in ("the 2nd one").
        if !context.lastResults.isEmpty, context.history.last.map({ ConversationContext.listTools.contains($0.tool) }) ?? false { return }
        var subjects: [[String: JSONValue]] = []
        for q in context.history where q.tool == last {
            if let s = Self.aboutWhat(q.arguments), !subjects.contains(s) { subjects.append(s) }
        }
        guard subjects.count >= 2, let picked = n < 0 ? subjects.last : (n <= subjects.count ? subjects[n - 1] : nil),
              let frame = context.history.last(where: { $0.tool == last && Self.aboutWhat($0.arguments) == picked })?.arguments else { return }
        // An airport picked again keeps the conditions stated since ("go back to the first airport with
        // that"): the last frame with that airport, and the values its rules tie to the airport (a runway).
        var base = frame
        if let def = catalog.tool(last), picked.keys.allSatisfy({ ["icao", "icao_code"].contains($0) }) {
            base = context.lastArguments.merging(picked) { $1 }
            for k in base.keys where def.intent.isReset(k, from: context.lastArguments, to: base) { base[k] = frame[k] }
        }
        var earlier = context
        earlier.lastArguments = base
        earlier.pending = nil
        var again = classifyTurn(turn.input, context: earlier, reading: turn)
        if again.tool == last, !again.isFollowUp, case let merged = followUp(last, base, turn.text, turn.entities) ?? base,
           merged.count > again.arguments.count, again.arguments.allSatisfy({ picked[$0.key] != nil || merged[$0.key] == $0.value }) {
            // Read as a question of its own that the frame picked holds whole, and more (see `adjustedRatherThanNew`);
            // the subject picked stands whatever the new reading took for it (the place asked last).
            again.arguments = merged
        } else if again.tool != last {
            // Nothing but the reference and what it keeps ("back to the first airport", "torna al primo
            // aeroporto con questi valori"): that frame, adjusted by any value the turn states.
            guard again.tool == nil, again.declinedCue == nil else { return }
            again = Classification(tool: last, arguments: followUp(last, base, turn.text, turn.entities) ?? base, confidence: 0.7, isFollowUp: true, trace: again.trace)
        }
        // The ordinal names the subject: it stands whatever the re-read turn made of the ordinal's words
        // ("show me the first one" shows that profile; "the first flight" is no airline and no destination).
        for (k, v) in picked where catalog.tool(last)?.properties[k] != nil { again.arguments[k] = v }
        if let a = again.arguments["airline"]?.stringValue, words[i...].joined(separator: " ").contains(TextNormalizer.fold(a)) {
            again.arguments["airline"] = frame["airline"]
            again.arguments["carrier_region"] = frame["carrier_region"]
        }
        again.isFollowUp = true
        again.trace = c.trace + ["the " + words[i..<min(i + (i + 1 < words.count && nouns.contains(words[i + 1]) ? 2 : 1), words.count)].joined(separator: " ") + " → the earlier \(last) question about " + picked.sorted { $0.key < $1.key }.compactMap(\.value.stringValue).joined(separator: " → ")]
        c = again
    }

    /// An earlier question a line names by its subject before what it changes, with that rest of the line.
    struct NamedTopic {
        /// The tool that asked the question, and its last frame.
        var tool: String
        var frame: Arguments
        /// The line after the name and its separator ("cut to 30 km" of "Kassel list: cut to 30 km").
        var rest: String
        /// The name as typed ("takeoff", "Kassel list").
        var name: String
        /// Whether the line says it goes back ("back to the …", "… again", "for the …", "… from before").
        var goesBack: Bool
        /// Whether the name came after "same" ("same search around Trento"): the question's values hold for the new place.
        var same = false
        /// Whether no separator followed the name ("Saint-Yan list out to 30 nm", "route search reversed"):
        /// the rest must then only adjust the question's values.
        var loose = false
    }

    /// Words before a topic's name that say the line goes back to an earlier question.
    static let topicLeads = #"(?:(?:go(?:ing)?\s+|get\s+|come\s+)?back\s+to|return(?:ing)?\s+to|for|on|in|re|about|with)"#

    /// "Kassel list: cut to 30 km", "Distance again, at 240 km/h", "for the airfield list, only lit
    /// ones", "back to the wind — which runway is best then?", "the route search again": a line that
    /// opens by naming an earlier question (`Lexicon.topics`) and a separator, when the conversation
    /// asked it. The latest of the tools the name may mean is taken. Nil when no such question was asked.
    func namedTopic(_ input: String, _ context: ConversationContext) -> NamedTopic? {
        guard context.frames.count >= 1, !lexicon.topics.isEmpty, input.count <= 200 else { return nil }
        let names = lexicon.topicAlternation
        // Interjections, a word that goes back, an article (also the pilots' own: "die NOTAMs:"), up to two words of the question's own
        // ("the jet A search", "Kassel list"), the name, words that say "again", then a separator.
        let head = #"(?i)^\s*(?:(?:ok|okay|sorry|right|and|now|so|also|oh|ah|um|uh|hmm|actually|then)[\s,]+)*"#
            + #"(?:("# + Self.topicLeads + #")\s+)?(?:(?:"# + Self.namingArticles.joined(separator: "|") + #")\s+)?((?:[\p{L}\d'-]+\s+){0,2}?)("# + names + #")"#
            + #"((?:\s+(?:again|earlier|from\s+before|before|question|one|hame|once\s+more))*)"#
        let pattern = head + #"\s*(?:[:—–]|\s-\s|,|\.(?=\s|$)|$|(?<=again|before|earlier|more)\s)\s*(.*)$"#
        // "same load in a C172S", "same q for AT" after another question came between: "same" and the
        // name go back to that question, no separator needed (right after it, the turn is an ordinary follow-up).
        if let m = PlanningText.first(#"(?i)^\s*(?:(?:and|ok|okay|so|now|then)[\s,]+)?(?:the\s+)?same\s+("# + names + #")\b[\s,:—–-]*(.*)$"#, in: input),
           let name = m[1]?.lowercased(), let tools = lexicon.topics[name],
           let tool = context.frameOrder.reversed().first(where: { tools.contains($0) }), tool != context.lastTool, let frame = context.frames[tool] {
            return NamedTopic(tool: tool, frame: frame, rest: (m[2] ?? "").trimmingCharacters(in: .whitespaces), name: name, goesBack: true, same: true)
        }
        // Without a separator the rest runs on from the name ("annecy list top 3"); `topicFollowUp` takes it only as an adjustment.
        let strict = PlanningText.first(pattern, in: input)
        guard let m = strict ?? PlanningText.first(head + #"\s+(.+)$"#, in: input), let name = m[3]?.lowercased(), let tools = lexicon.topics[name] else { return nil }
        let lead = m[1] ?? ""
        let again = !(m[4] ?? "").trimmingCharacters(in: .whitespaces).isEmpty
        // Words before the name are the question's own ("Kassel list", "the jet A search"), never a
        // command or a common word ("scrap that profile, …" deletes a profile; it names none).
        if lead.isEmpty, (m[2] ?? "").split(separator: " ").contains(where: { lexicon.commonWords.contains(TextNormalizer.fold(String($0))) }) { return nil }
        // The latest tool of the name the conversation used; with words of the question's own ("the
        // Salzburg list" after a route search from LOWS), the latest whose frame holds one of them.
        let ordered = context.frameOrder.reversed().filter { tools.contains($0) }
        let own = (m[2] ?? "").split(separator: " ").map { TextNormalizer.fold(String($0)) }.filter { $0.count >= 3 }
        let holdingOwn = own.isEmpty ? nil : ordered.first { t in
            let values = (context.frames[t] ?? [:]).values.compactMap(\.stringValue).map(TextNormalizer.fold).joined(separator: " ")
            return own.contains { values.contains($0) }
        }
        guard let tool = holdingOwn ?? ordered.first, let frame = context.frames[tool] else { return nil }
        // Run on into the rest, a name of the question just asked is an ordinary follow-up of it ("save it as G-BXYZ").
        if strict == nil, tool == context.lastTool { return nil }
        let rest = (m[5] ?? "").trimmingCharacters(in: .whitespaces)
        return NamedTopic(tool: tool, frame: frame, rest: rest, name: name, goesBack: !lead.isEmpty || again, loose: strict == nil)
    }

    /// The line's rest read against the named question's frame: a follow-up of that question, or nil
    /// when the rest is a question of its own (a new place with no word of going back: "Density
    /// altitude: LFMD 30C" asks afresh).
    func topicFollowUp(_ topic: NamedTopic, _ context: ConversationContext) -> Classification? {
        var earlier = context
        earlier.lastTool = topic.tool
        earlier.lastArguments = topic.frame
        earlier.pending = nil
        let trace = "a line naming the earlier \(topic.tool) question → its frame, adjusted by '\(topic.rest)'"
        // "the route search again", "back to the list from before": that question as it was.
        guard !topic.rest.isEmpty else {
            guard topic.goesBack else { return nil }
            return Classification(tool: topic.tool, arguments: topic.frame, confidence: 0.75, isFollowUp: true, trace: [trace])
        }
        // "same search around Trento": the rest is read as "same around Trento", so the question's values carry.
        let restText = topic.same && !topic.rest.lowercased().hasPrefix("same") ? "same " + topic.rest : topic.rest
        let rest = TurnReading(restText, self)
        // "customs: and Cherbourg?", "wind — same for EYKA": a follow-up opener goes back as well.
        let opensFollowUp = (lexicon.dialogue["openers"] ?? []).contains { rest.opening.dropFirst().hasPrefix($0) }
            || lexicon.opensWithCue("same_for", rest.opening)
        if !topic.goesBack, !opensFollowUp, rest.entities.locationCount > 0 || rest.entities.subject != nil { return nil }
        // A name run on into the rest is taken only when the rest adjusts the question and names nothing new
        // ("Saint-Yan list out to 30 nm"); "density altitude at LFMD 32C" or "load ~/brief.txt" ask afresh.
        let e = rest.entities
        if topic.loose, e.locationCount > 0 || e.subject != nil || e.routeFrom != nil || !e.paths.isEmpty || e.hasNotamText
            || !e.notamIDs.isEmpty || EntityExtractor.isPastedReport(rest.text) || e.aircraftType != nil { return nil }
        var c = classifyReading(restText, context: earlier, reading: rest)
        if topic.loose, !(c.tool == topic.tool && c.isFollowUp && c.arguments != topic.frame) { return nil }
        if c.tool == topic.tool, !c.isFollowUp, let merged = adjustedRatherThanNew(topic.tool, topic.frame, fresh: c.arguments, rest.text, rest.entities) {
            // The rest read as a question of its own that the frame named holds whole, and more
            // ("DA: go back to the temp I said at first"): that frame, adjusted.
            c = Classification(tool: topic.tool, arguments: merged, confidence: 0.75, isFollowUp: true, trace: c.trace)
        } else if c.tool == topic.tool, c.isFollowUp || c.arguments != topic.frame {
            c.isFollowUp = true
        } else if c.declinedCue == nil, let merged = followUp(topic.tool, topic.frame, rest.text, rest.entities) {
            c = Classification(tool: topic.tool, arguments: merged, confidence: 0.75, isFollowUp: true, trace: c.trace)
        } else {
            return nil
        }
        // A name that is a value of the question ("back to the takeoff" after the landing figure) sets
        // it: a value of an enumerated argument only, never free text ("list" is no search query).
        if let builder = builders[topic.tool], let def = catalog.tool(topic.tool) {
            for (k, v) in builder(topic.name, extractor.extract(topic.name)) where v.stringValue != nil && def.properties[k]?["enum"] != nil {
                c.arguments[k] = v
            }
        }
        c.trace.insert(trace, at: 0)
        return c
    }

    /// The position an ordinal standing alone after an article gives, as a pronoun for an earlier
    /// subject: "y el primero, cuántos motores?", "quantos motores tem o primeiro?", "le deuxième, il
    /// va à quelle vitesse ?" (the ordinal ends the line or a clause). Nil for "first, the weather"
    /// (no article) or "the first airport" (a noun follows: read by the caller).
    func standaloneOrdinal(_ input: String) -> Int? {
        let articles = Set(lexicon.dialogue["articles"] ?? [])
        let pieces = input.split(separator: " ")
        var previous = ""
        for (k, raw) in pieces.enumerated() {
            let bare = raw.trimmingCharacters(in: CharacterSet(charactersIn: "?!,;:.¿¡"))
            let folded = TextNormalizer.fold(bare)
            let word = lexicon.typos[folded] ?? folded
            let endsClause = k == pieces.count - 1 || raw.last.map { "?!,;:.".contains($0) } == true
            if endsClause, articles.contains(previous), let n = lexicon.ordinals[word] { return n }
            previous = word
        }
        return nil
    }

    /// "and if Wizz Air UK operated the return?" after a claim for the return leg: the last question
    /// already was the return (the reverse of an earlier one), so its direction stands.
    func returnLeg(_ turn: TurnReading, _ c: inout Classification, _ context: ConversationContext) {
        guard c.isFollowUp, let tool = c.tool, tool == context.lastTool else { return }
        let padded = turn.padded
        guard lexicon.hasCue("return_leg", in: padded) else { return }
        for (a, b) in [("from", "to"), ("from_location", "to_location")] {
            guard let lastA = context.lastArguments[a], let lastB = context.lastArguments[b],
                  c.arguments[a] == lastB, c.arguments[b] == lastA else { continue }
            let outbound = context.history.dropLast().contains { q in
                q.tool == tool && sameAirport(q.arguments[a], lastB) && sameAirport(q.arguments[b], lastA)
            }
            guard outbound else { return }
            c.arguments[a] = lastA
            c.arguments[b] = lastB
            c.trace.append("the return: the last question already was the way back (\(lastA.stringValue ?? "") → \(lastB.stringValue ?? ""))")
            return
        }
    }

    /// True when two place values name the same place as typed: equal folded, or one's words all
    /// among the other's ("Luton" and "London Luton").
    static func samePlace(_ x: JSONValue?, _ y: JSONValue?) -> Bool {
        guard let x = x?.stringValue, let y = y?.stringValue else { return false }
        let (a, b) = (Set(TextNormalizer.fold(x).split(separator: " ")), Set(TextNormalizer.fold(y).split(separator: " ")))
        return !a.isEmpty && !b.isEmpty && (a.isSubset(of: b) || b.isSubset(of: a))
    }

    /// True when two place values name the same place as typed (`samePlace`), or are read by the
    /// resolver as the same airport ("LHR" and "Heathrow", "MAD" and "Madrid": `sameAirport`).
    func sameAirport(_ x: JSONValue?, _ y: JSONValue?) -> Bool {
        if Self.samePlace(x, y) { return true }
        let read = { (v: JSONValue?) in v?.stringValue.flatMap { self.extractor.resolver.readings(of: $0, context: NameContext(expectsLocation: true), limit: 1).first } }
        guard let a = read(x), let b = read(y) else { return false }
        return Self.sameAirport(a, b)
    }

    /// "nav log for both legs", "all three legs as one nav log": after questions about consecutive legs
    /// (a distance A → B, then B → C), the nav log runs through their points in order (A, B, C). The
    /// legs are the latest questions with a route whose ends join up; "both" takes two, "three" three,
    /// "all" or "every" as many as join.
    func chainedLegs(_ turn: TurnReading, _ c: inout Classification, _ context: ConversationContext) {
        guard c.tool == "nav_log", let count = Self.legsAsked(turn.entities.words) else { return }
        var legs: [(from: JSONValue, to: JSONValue)] = []
        for q in context.history.reversed() {
            guard let (f, t) = [("from_location", "to_location"), ("from", "to")].lazy.compactMap({ k in
                q.arguments[k.0].flatMap { f in q.arguments[k.1].map { (f, $0) } } }).first else { continue }
            // The same leg asked again (a changed speed) is one leg.
            if let next = legs.first, sameAirport(next.from, f), sameAirport(next.to, t) { continue }
            if let next = legs.first, !sameAirport(t, next.from) { break }
            legs.insert((f, t), at: 0)
            if legs.count == count { break }
        }
        guard legs.count >= 2, count == Int.max || legs.count == count else { return }
        let points = [legs[0].from] + legs.map(\.to)
        guard c.arguments["waypoints"] != .array(points) else { return }
        c.arguments["waypoints"] = .array(points)
        c.trace.append("\(legs.count) legs asked before → waypoints " + points.compactMap(\.stringValue).joined(separator: " → "))
    }

    /// How many legs "both legs", "all three legs", "every leg" asks for (Int.max for all), or nil.
    static func legsAsked(_ words: [String]) -> Int? {
        guard let i = words.firstIndex(where: { $0 == "legs" || $0 == "leg" }), i > 0 else { return nil }
        let before = words[max(0, i - 3)..<i]
        if before.contains("both") || before.contains("two") || before.contains("2") { return 2 }
        if before.contains("three") || before.contains("3") { return 3 }
        if before.contains("four") || before.contains("4") { return 4 }
        if before.contains("all") || before.contains("every") || before.contains("each") { return Int.max }
        return nil
    }

    /// "my wife flew back with them": a compensation question naming no airline but pointing at the
    /// last claim's takes that claim's airline and its region.
    func sameAirline(_ turn: TurnReading, _ c: inout Classification, _ context: ConversationContext) {
        guard c.tool == "eu261_compensation", c.arguments["airline"] == nil, let frame = context.frames["eu261_compensation"],
              let airline = frame["airline"] else { return }
        let padded = turn.padded
        guard lexicon.hasCue("same_airline", in: padded) else { return }
        c.arguments["airline"] = airline
        if c.arguments["carrier_region"] == nil { c.arguments["carrier_region"] = frame["carrier_region"] }
        c.trace.append("the same airline → \(airline.stringValue ?? "")")
    }

    /// "and Stansted from Norwich?" after questions about single airports: a short turn naming both ends
    /// of a route asks the conversation's last route question again for that route (a single-airport
    /// tool has no place for two ends).
    func routeAgain(_ turn: TurnReading, _ c: inout Classification, _ context: ConversationContext) {
        let e = turn.entities
        guard e.routeFrom != nil, e.routeTo != nil, c.declinedCue == nil, e.words.count <= 10,
              let opener = e.words.first, ["and", "what", "how", "ok", "okay", "now", "same"].contains(opener) else { return }
        let hasRoute = { (tool: String) in
            self.catalog.tool(tool).map { $0.properties["from_location"] != nil || $0.properties["from"] != nil || $0.properties["waypoints"] != nil } ?? false
        }
        // Two countries ("how do the rules differ between Italy and Austria") are no route; a new tool the turn asks for stands.
        guard [e.routeFrom, e.routeTo].allSatisfy({ extractor.countries.code(for: $0 ?? "") == nil }),
              c.tool == nil || c.tool == context.lastTool,
              let current = c.tool ?? context.lastTool, !hasRoute(current),
              let tool = context.frameOrder.reversed().first(where: hasRoute), let frame = context.frames[tool],
              let args = followUp(tool, frame, turn.text, e) else { return }
        c = Classification(tool: tool, arguments: args, confidence: 0.7, isFollowUp: true,
                           trace: c.trace + ["both ends of a route after single-airport questions → the last route question (\(tool))"])
    }

    /// "back to Plymouth, but in a Cessna 182", "back to Alicante, only 3", "back to Land's End with that
    /// temperature": a place an earlier question of the conversation held goes back into the slot that
    /// held it, in the latest frame of that question's tool, and the rest of the turn adjusts it.
    func backToEarlierPlace(_ turn: TurnReading, _ c: inout Classification, _ context: ConversationContext) {
        guard c.declinedCue == nil || c.tool == nil, context.history.count >= 2, turn.entities.words.contains("back"),
              let m = PlanningText.first(#"\bback\s+to\s+(?:the\s+)?([^,;]+?)(?:\s*(?:,|;|\bbut\b|\bwith\b|\bonly\b|\band\b|\bat\b|\bin\b|$))"#, in: turn.text),
              let said = m[1]?.trimmingCharacters(in: .whitespaces), !said.isEmpty, said.split(separator: " ").count <= 4 else { return }
        let folded = TextNormalizer.fold(said)
        // The airport the words name, when they name one ("Land's End" → EGHC).
        let ident = extractor.resolver.readings(of: said, context: NameContext(expectsAirport: true), limit: 1).first.flatMap { $0.exact ? $0.ident : nil }
        let matches = { (v: JSONValue) -> Bool in
            guard let s = v.stringValue else { return false }
            return TextNormalizer.fold(s) == folded || ident.map { $0.uppercased() == s.uppercased() } == true
        }
        let placeKeys = ConversationContext.placeSlots + ["from_location", "to_location", "from", "to"]
        // The latest earlier question holding the place, other than the last one (going back means it changed since).
        for q in context.history.dropLast().reversed() {
            guard let key = placeKeys.first(where: { k in q.arguments[k].map(matches) == true }), var frame = context.frames[q.tool],
                  frame[key].map(matches) == false else { continue }
            frame[key] = q.arguments[key]
            // The rest of the turn adjusts that frame ("only 3", "in a Cessna 182", "with that temperature").
            var rest = turn.text
            rest.replaceSubrange(m.range, with: " ")
            let restEntities = extractor.extract(rest)
            let args = followUp(q.tool, frame, rest, restEntities) ?? frame
            c = Classification(tool: q.tool, arguments: args, confidence: 0.75, isFollowUp: true,
                               trace: c.trace + ["back to \(said) → the \(q.tool) question with \(key) = \(q.arguments[key]?.stringValue ?? "")"])
            return
        }
    }

    /// "which of them are in Germany", "the list only Greece please, not Macedonia or Bulgaria": after a
    /// list of airports (shown last, or before a look at one of them), a country named with a word
    /// restricting the list is that list's country filter, not a search of the whole country.
    func restrictList(_ turn: TurnReading, _ c: inout Classification, _ context: ConversationContext) {
        let e = turn.entities
        guard let country = e.countries.first, e.locationCount == 0, e.routeFrom == nil, c.declinedCue == nil,
              c.tool == nil || c.tool == "search_airports" && !c.isFollowUp
                // "German side only, please - the wife wants to see the Black Forest": the list tool asked
                // afresh about a name of the chatter is the last list restricted.
                || c.tool.map({ ConversationContext.listTools.contains($0) }) == true && !c.isFollowUp && c.tool == context.lastTool
                // "the list only France" is no listing of France's rules when no rule is named.
                || c.tool == "browse_rules" && e.words.allSatisfy({ !["rules", "rule", "regulations", "regs", "law", "laws"].contains($0) }) else { return }
        let (tool, frame): (String, Arguments)
        if let last = context.lastTool, ConversationContext.listTools.contains(last), last != "search_airports" { (tool, frame) = (last, context.lastArguments) }
        else if let list = context.lastListTool, list != "search_airports" { (tool, frame) = (list, context.lastListArguments) }
        else { return }
        let words = Set(e.words)
        guard !words.isDisjoint(with: ["them", "those", "these", "list", "ones", "only", "just", "side", "which"]),
              catalog.tool(tool)?.properties["filters"] != nil else { return }
        var args = followUp(tool, frame, turn.text, e) ?? frame
        var filters = args["filters"]?.objectValue ?? [:]
        // "only Greece, not Macedonia or Bulgaria": the first country named is the one kept.
        filters["country"] = .string(country)
        args["filters"] = .object(filters)
        c = Classification(tool: tool, arguments: args, confidence: 0.75, isFollowUp: true,
                           trace: c.trace + ["a country restricting the last list → \(tool) in \(country)"])
    }

    /// "oh, and put empty weight 1663 lb on it" after saving a profile: a new question of the last tool
    /// that names no subject of its own but points back ("it", "that") adds its values to the last frame.
    func addsToLast(_ turn: TurnReading, _ c: inout Classification, _ context: ConversationContext) {
        guard let tool = c.tool, tool == context.lastTool, !c.isFollowUp, !c.arguments.isEmpty,
              let subject = Self.aboutWhat(context.lastArguments) ?? ConversationContext.placeSlots.first(where: { context.lastArguments[$0] != nil }).map({ [$0: context.lastArguments[$0]!] }),
              subject.keys.allSatisfy({ c.arguments[$0] == nil }),
              ConversationContext.placeSlots.allSatisfy({ c.arguments[$0] == nil }) else { return }
        let padded = turn.padded
        guard [" it ", " that ", " this ", " them "].contains(where: padded.contains) else { return }
        var args = context.lastArguments
        for (k, v) in c.arguments { args[k] = v }
        c.arguments = args
        c.isFollowUp = true
        c.trace.append("values for the last \(tool) question, pointed at → added to it")
    }

    /// "only what's new since the last pack" after NOTAMs at an airport: those NOTAMs, only the new
    /// ones (not the briefing's list of changes); "all of them, not just new" takes that back.
    func onlyNewNotams(_ turn: TurnReading, _ c: inout Classification, _ context: ConversationContext) {
        guard context.lastTool == "notams_for_airport", c.tool == "briefing_changes" || c.tool == "notams_for_airport" || c.tool == nil,
              c.declinedCue == nil else { return }
        let (words, padded) = (turn.entities.words, turn.padded)
        guard words.contains("new"), words.count <= 10, turn.entities.airportCodes.isEmpty, FlightReference.mentioned(in: turn.input) == nil else { return }
        // The NOTAM tool's own reading of the turn stands (it also reads a category), but for taking "only new" back.
        var args = c.tool == "notams_for_airport" ? c.arguments : context.lastArguments
        if [" not just new ", " not only new ", " not just the new ", " not only the new ", " all of them ", " old ones too ", " old ones as well "].contains(where: padded.contains) {
            args["only_new"] = nil
        } else if c.tool != "notams_for_airport", words.contains("only") || words.contains("just") {
            args["only_new"] = .bool(true)
        } else { return }
        c = Classification(tool: "notams_for_airport", arguments: args, confidence: 0.8, isFollowUp: true,
                           trace: c.trace + ["only the new ones, or all again, of the last NOTAM question"])
    }
}
