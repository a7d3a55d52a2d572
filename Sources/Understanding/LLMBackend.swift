import AirportData
import Foundation

/// The outcome of classifying one utterance: which tool, with which arguments, how sure.
public struct Classification: Sendable, Equatable {
    /// The catalog tool, or nil when the utterance is out of scope.
    public var tool: String?
    /// Arguments by catalog name: only what the user said or what a follow-up carried over.
    public var arguments: Arguments
    /// 0...1.
    public var confidence: Double
    /// True when the tool and arguments were carried over from the previous turn.
    public var isFollowUp: Bool
    /// How the decision was reached, for `/why` and `--trace`.
    public var trace: [String]
    /// When the input fits two tools equally well: both, so the answer can ask which.
    public var alternatives: [String] = []
    /// For a request flyfun cannot act on ("order 80 litres of avgas"), the words that said so.
    public var declinedCue: String?

    public init(tool: String?, arguments: Arguments = [:], confidence: Double, isFollowUp: Bool = false, trace: [String] = []) {
        self.tool = tool; self.arguments = arguments; self.confidence = confidence; self.isFollowUp = isFollowUp; self.trace = trace
    }
}

/// The dialogue state: what the backend knows about the conversation so far. The session owns
/// one value, passes it to every turn, and replaces it after each answered turn; `/clear`
/// resets it.
public struct ConversationContext: Sendable, Equatable {
    /// The tool and arguments of the last successful turn (the frame follow-ups merge into).
    public var lastTool: String?
    public var lastArguments: Arguments
    /// The airports the last answer listed, in the order shown ("the first one", "the 2nd").
    public var lastResults: [String]
    /// The one airport or place the conversation is about ("there", "that one", "frequencies?").
    public var subject: String?
    /// A question flyfun asked and the frame waiting for its answer ("Density altitude where?").
    public var pending: Pending?
    /// The NOTAM ids the last NOTAM answer showed, in order ("mark it read", "flag the 2nd").
    public var lastNotams: [String] = []
    /// The conditions stated about the current subject over the last turns (temperature, wind,
    /// pressure, runway), whichever tool took them: a new tool on the same place takes those it
    /// also reads ("takeoff distance on that runway" after a density altitude and a crosswind).
    public var conditions: Arguments = [:]

    /// The last question whose answer listed several airports, kept while later turns ask about
    /// one of them ("and the same list but around Mulhouse" after "tell me about LFGA").
    public var lastListTool: String?
    public var lastListArguments: Arguments = [:]

    /// The places and the countries the conversation was about, oldest first (at most four each):
    /// "the two", "those two" point at the last two ("distance between the two", "compare those two").
    public var recentPlaces: [String] = []
    public var recentCountries: [String] = []

    /// The last frame of every tool the conversation used: a turn that adjusts an earlier
    /// question after another one came between merges into that question's frame ("ok and what
    /// if the delay was only 3 hours?" after an EU261 claim and a distance question).
    public var frames: [String: Arguments] = [:]
    /// The tools of `frames`, least recent first.
    public var frameOrder: [String] = []

    /// Every answered question, oldest first (at most `historyLimit`): "the first one I asked about"
    /// after two type questions, "the outbound one" after a claim for each leg of a trip.
    public var history: [AskedQuestion] = []
    /// How many answered questions `history` keeps.
    public static let historyLimit = 8

    /// The aircraft the conversation last named (a type or a registration): a new tool that takes
    /// an aircraft and names none uses it ("w&b for it" after a take-off distance in G-EZRA).
    public var aircraft: JSONValue?

    /// The flights briefings were imported for, in the order each was first imported ("the
    /// first flight", "the saturday one", "the LIPE one").
    public var flights: [BriefedFlight] = []
    /// Flight names in the order they became current (by an import or a selection), latest last
    /// ("the previous one", "the other flight").
    public var currentFlights: [String] = []
    /// The file of the last briefing imported, named or not ("call that flight HB-ZKA").
    public var lastBriefingPath: String?

    /// The arguments the last answered question changed from the one before it, when both asked
    /// the same tool ("show 10" after "within 25 nm": `max_results`); empty otherwise.
    public var lastChangedKeys: Set<String> {
        guard history.count >= 2, let last = history.last, history[history.count - 2].tool == last.tool else { return [] }
        let before = history[history.count - 2].arguments
        return Set(last.arguments.keys.filter { last.arguments[$0] != before[$0] })
    }

    /// One answered question: its tool and the arguments it ran with.
    public struct AskedQuestion: Sendable, Equatable {
        public var tool: String
        public var arguments: Arguments
        public init(tool: String, arguments: Arguments) { self.tool = tool; self.arguments = arguments }
    }

    /// A flight a briefing was imported for: its name and the files read for it, oldest first.
    public struct BriefedFlight: Sendable, Equatable {
        public var name: String
        public var paths: [String]
        public init(name: String, paths: [String]) { self.name = name; self.paths = paths }
    }

    /// `list` with `values` moved or added to its end (compared folded), cut to the last four.
    static func remembering(_ values: [String], in list: [String]) -> [String] {
        var out = list
        for v in values {
            out.removeAll { TextNormalizer.fold($0) == TextNormalizer.fold(v) }
            out.append(v)
        }
        return Array(out.suffix(4))
    }

    /// The argument names that are conditions at a place rather than the place or the question.
    public static let conditionSlots = ["temperature_c", "wind", "qnh_hpa", "altimeter_inhg", "runway"]

    /// A frame missing a value, asked for in the last answer.
    public struct Pending: Sendable, Equatable {
        public var tool: String
        public var arguments: Arguments
        public var missing: [String]
        public init(tool: String, arguments: Arguments, missing: [String]) { self.tool = tool; self.arguments = arguments; self.missing = missing }
    }

    public init(lastTool: String? = nil, lastArguments: Arguments = [:], lastResults: [String] = [], subject: String? = nil) {
        self.lastTool = lastTool
        self.lastArguments = lastArguments
        self.lastResults = lastResults
        self.subject = subject
    }

    /// The tools whose answer is a list of airports, whatever its length.
    public static let listTools: Set<String> = ["find_airports_near_location", "find_airports_near_route", "search_airports"]

    /// The argument names that hold one airport or place, in the order they are looked for.
    public static let placeSlots = ["icao_code", "icao", "location_query", "designator_place"]

    /// The station a pasted METAR, SPECI or TAF is for: its first four-letter code after the report's
    /// own words ("METAR LSZS 151150Z …" → LSZS), nil for other text.
    static func reportStation(_ report: String) -> String? {
        let leading: Set<String> = ["METAR", "SPECI", "TAF", "AMD", "COR", "RTD"]
        for token in report.split(separator: " ").prefix(4).map(String.init) where !leading.contains(token.uppercased()) {
            return token.count == 4 && token.allSatisfy({ $0.isLetter || $0.isNumber }) && token.first!.isLetter ? token.uppercased() : nil
        }
        return nil
    }

    /// The state after a turn answered by `tool` with `arguments` that listed `results`.
    /// `notams` are the NOTAM ids the answer showed; an answer without NOTAMs keeps the earlier ones.
    public static func after(tool: String, arguments: Arguments, results: [String], notams: [String] = [], previous: ConversationContext) -> ConversationContext {
        var subject = placeSlots.lazy.compactMap { arguments[$0]?.stringValue }.first
        if subject == nil, results.count == 1 { subject = results[0] }
        // "what's the ICAO for Nice", then "frequencies there?": a search by name is about that name.
        if subject == nil, let q = arguments["query"]?.stringValue, q.count > 2 || q != q.uppercased() { subject = q }
        if subject == nil, let to = arguments["to_location"]?.stringValue { subject = to }
        // An answer about one airport ("the biggest one - runways?") keeps the list it came from,
        // so "and the smallest?" still points into that list.
        let aboutOneAirport = arguments["icao_code"] != nil || arguments["icao"] != nil
        let keepList = results.isEmpty || aboutOneAirport && results.count <= 1
        var next = ConversationContext(lastTool: tool, lastArguments: arguments, lastResults: keepList ? previous.lastResults : results,
                                       subject: subject ?? previous.subject)
        next.lastNotams = notams.isEmpty ? previous.lastNotams : notams
        // Conditions build up while the subject stays the same place; another place starts afresh.
        let samePlace = next.subject.map(TextNormalizer.fold) == previous.subject.map(TextNormalizer.fold)
        next.conditions = samePlace ? previous.conditions : [:]
        for key in conditionSlots {
            if let v = arguments[key] { next.conditions[key] = v }
        }
        // A search is a list question even when it found one airport or none ("back to the list, without customs").
        if results.count > 1 || listTools.contains(tool) { next.lastListTool = tool; next.lastListArguments = arguments }
        else { next.lastListTool = previous.lastListTool; next.lastListArguments = previous.lastListArguments }
        next.recentPlaces = Self.remembering(next.subject.map { [$0] } ?? [], in: previous.recentPlaces)
        var countries = arguments["countries"]?.arrayValue?.compactMap(\.stringValue) ?? []
        if let c = arguments["country_code"]?.stringValue { countries.append(c) }
        next.recentCountries = Self.remembering(countries, in: previous.recentCountries)
        // A profile shown or saved is the aircraft in use too ("show profile PA28", then "w&b for it").
        let profile = tool == "aircraft_profile" && ["show", "save"].contains(arguments["action"]?.stringValue ?? "") ? arguments["name"] : nil
        next.aircraft = arguments["aircraft"] ?? arguments["aircraft_type"] ?? profile ?? previous.aircraft
        next.frames = previous.frames
        next.frames[tool] = arguments
        next.frameOrder = previous.frameOrder.filter { $0 != tool } + [tool]
        next.history = Array((previous.history + [AskedQuestion(tool: tool, arguments: arguments)]).suffix(historyLimit))
        next.rememberFlights(tool: tool, arguments: arguments, previous: previous)
        // A pressure is one value, in whichever unit it was last given.
        if arguments["qnh_hpa"] != nil { next.conditions["altimeter_inhg"] = nil }
        if arguments["altimeter_inhg"] != nil { next.conditions["qnh_hpa"] = nil }
        return next
    }
}

extension ConversationContext {
    /// The flights and the current flight after `tool` ran with `arguments`: an import records its
    /// file (and its flight, when named) and makes that flight current; a selection makes its flight current.
    mutating func rememberFlights(tool: String, arguments: Arguments, previous: ConversationContext) {
        flights = previous.flights
        currentFlights = previous.currentFlights
        lastBriefingPath = previous.lastBriefingPath
        let name = arguments["flight"]?.stringValue
        if tool == "import_briefing" {
            let path = arguments["path"]?.stringValue
            if let path { lastBriefingPath = path }
            if let name {
                if let i = flights.firstIndex(where: { $0.name == name }) {
                    if let path, !flights[i].paths.contains(path) { flights[i].paths.append(path) }
                } else {
                    flights.append(BriefedFlight(name: name, paths: path.map { [$0] } ?? []))
                }
            }
        }
        if ["import_briefing", "select_flight"].contains(tool), let name {
            currentFlights.removeAll { $0 == name }
            currentFlights.append(name)
            currentFlights = Array(currentFlights.suffix(8))
        }
    }
}

/// Turns an utterance into a tool call. Version 1.0 is the offline `KeywordFallbackBackend`;
/// a local model or the online service can implement the same protocol over the same catalog.
public protocol LLMBackend: Sendable {
    /// Classifies `input` given the conversation so far.
    func classify(_ input: String, context: ConversationContext) -> Classification
}
