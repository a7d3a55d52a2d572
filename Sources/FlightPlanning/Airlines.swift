import Foundation

/// One airline from the offline table (`Data/airlines/airlines.csv`, from OpenFlights).
public struct Airline: Sendable, Equatable, Encodable {
    public let name: String
    /// Another name the airline goes by ("EasyJet Airline"), or nil.
    @ExplicitNull public var alias: String?
    /// Two-character IATA code ("AF"), or nil.
    @ExplicitNull public var iata: String?
    /// Three-letter ICAO designator ("AFR"), or nil.
    @ExplicitNull public var icao: String?
    /// Radio callsign ("AIRFRANS"), or nil.
    @ExplicitNull public var callsign: String?
    /// ISO-2 country of the airline's licence.
    public let countryISO: String
    /// Where the licence is, for EU261/UK261: `eu` (EU/EEA/Swiss), `uk` or `other`.
    public let region: CarrierRegion

    enum CodingKeys: String, CodingKey { case name, alias, iata, icao, callsign, countryISO = "country", region }
}

/// Airline names and codes → airline, for EU261/UK261 ("Air France flight from JFK to Paris").
///
/// Strict, for recognisers: a name matches only as a whole ("Air France", "air france",
/// "Lufthansa", "easyJet", also without a trailing "Airlines"/"Airways"/"Air Lines"), a code only
/// as typed in capitals ("AF", "AFR"). Where several airlines share a name or code, the one
/// with both codes and the shortest name wins ("Lufthansa" over "Lufthansa Cargo").
public struct AirlineDirectory: Sendable {
    let airlines: [Airline]
    let byName: [String: Int]
    let byCode: [String: Int]

    /// Reads `airlines.csv` (`name,alias,iata,icao,callsign,country,iso_country,region,openflights_id`)
    /// and, when given, a table of the same columns with airlines the first one lacks (`additions`:
    /// carriers founded after the OpenFlights snapshot, such as ITA Airways).
    /// - Throws: `PlanningError.fileProblem` when a file is missing or a row is malformed.
    public init(csv url: URL, additions: URL? = nil) throws {
        var airlines: [Airline] = []
        for file in [url] + (additions.map { [$0] } ?? []) {
            let text: String
            do { text = try String(contentsOf: file, encoding: .utf8) } catch {
                throw PlanningError.fileProblem(path: file.path, detail: "cannot read it (\(error.localizedDescription))")
            }
            for (row, r) in try CSVReader.records(text, source: file.path).enumerated() {
                guard let name = r["name"], !name.isEmpty, let iso = r["iso_country"],
                      let region = CarrierRegion(rawValue: r["region"] ?? "") else {
                    throw PlanningError.fileProblem(path: file.path, detail: "row \(row + 2) lacks a name, country or region")
                }
                func opt(_ key: String) -> String? { r[key].flatMap { $0.isEmpty ? nil : $0 } }
                airlines.append(Airline(name: name, alias: opt("alias"), iata: opt("iata"), icao: opt("icao"), callsign: opt("callsign"),
                                        countryISO: iso, region: region))
            }
        }
        // Better entries first, so the first one stored under a key wins.
        let order = airlines.indices.sorted { a, b in
            let x = airlines[a], y = airlines[b]
            let cx = (x.iata == nil ? 1 : 0) + (x.icao == nil ? 1 : 0), cy = (y.iata == nil ? 1 : 0) + (y.icao == nil ? 1 : 0)
            return (cx, x.name.count, x.name) < (cy, y.name.count, y.name)
        }
        var byName: [String: Int] = [:], byCode: [String: Int] = [:], byBrand: [String: Int] = [:]
        for i in order {
            let a = airlines[i]
            for n in [a.name, a.alias].compactMap({ $0 }) {
                for key in Self.nameKeys(n) where byName[key] == nil { byName[key] = i }
                if a.iata != nil, a.icao != nil, let brand = Self.brandKey(n), byBrand[brand] == nil { byBrand[brand] = i }
            }
            for code in [a.iata, a.icao].compactMap({ $0 }) where byCode[code] == nil { byCode[code] = i }
        }
        // A brand is only a fallback: a full name ("Iberia" of Iberia Airlines) always wins.
        for (brand, i) in byBrand where byName[brand] == nil { byName[brand] = i }
        self.airlines = airlines
        self.byName = byName
        self.byCode = byCode
    }

    /// Number of airlines loaded.
    public var count: Int { airlines.count }

    /// The folded name, and without a trailing generic word ("Delta Air Lines" → "delta").
    static func nameKeys(_ name: String) -> [String] {
        let words = name.lowercased().folding(options: .diacriticInsensitive, locale: nil)
            .split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
        guard !words.isEmpty else { return [] }
        var keys = [words.joined(separator: " ")]
        let generic: [[String]] = [["airlines"], ["airline"], ["airways"], ["air", "lines"], ["international", "air", "lines"]]
        for g in generic where words.count > g.count && Array(words.suffix(g.count)) == g {
            keys.append(words.dropLast(g.count).joined(separator: " "))
        }
        return keys.filter { $0.count >= 3 }
    }

    /// The first word of a longer name, as pilots say it ("Condor" of "Condor Flugdienst"), when it is
    /// distinctive: five letters or more and not a generic word of airline names.
    static func brandKey(_ name: String) -> String? {
        let words = name.lowercased().folding(options: .diacriticInsensitive, locale: nil)
            .split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
        guard words.count >= 2, let first = words.first, first.count >= 5,
              !["aero", "aerolineas", "aerovias", "airlines", "airways", "aviation", "avia", "express", "international", "regional",
                "national", "royal", "united", "global", "british", "american", "air", "trans", "transportes", "compagnie", "societe",
                "linhas", "lineas", "flying", "charter", "european", "eastern", "western", "northern", "southern", "central"].contains(first)
        else { return nil }
        return first
    }

    /// The airline a name or code means, or nil. Names match whole and case-insensitively;
    /// codes only in capitals, so the words "of" or "as" are never airline codes.
    public func airline(named text: String) -> Airline? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed == trimmed.uppercased(), let i = byCode[trimmed] { return airlines[i] }
        guard let key = Self.nameKeys(trimmed).first, let i = byName[key] else { return nil }
        return airlines[i]
    }

    /// The airline with this IATA or ICAO code (any case), or nil.
    public func airline(code: String) -> Airline? {
        byCode[code.uppercased()].map { airlines[$0] }
    }
}
