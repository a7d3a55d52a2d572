import Foundation
@testable import FlightPlanning

/// Locates the repository's `Data/` directory by walking up from this file to the nearest
/// ancestor that contains `Data/aircraft/types.csv` (works in the helper package and in the main repo).
enum TestData {
    static let dataDirectory: URL = {
        var dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while dir.path != "/" {
            let candidate = dir.appendingPathComponent("Data/aircraft/types.csv")
            if FileManager.default.fileExists(atPath: candidate.path) { return dir.appendingPathComponent("Data") }
            dir = dir.deletingLastPathComponent()
        }
        fatalError("no ancestor of \(#filePath) contains Data/aircraft/types.csv")
    }()

    static var aircraft: URL { dataDirectory.appendingPathComponent("aircraft") }
    static var profiles: URL { aircraft.appendingPathComponent("profiles") }

    static func profile(_ file: String) throws -> AircraftProfile {
        try JSONDecoder().decode(AircraftProfile.self, from: Data(contentsOf: profiles.appendingPathComponent(file)))
    }

    static func c172s() throws -> AircraftProfile { try profile("cessna-172s.json") }
    static func archer() throws -> AircraftProfile { try profile("piper-pa-28-181.json") }

    /// A fresh temporary directory for store tests.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("flightplanning-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The JSON object an Encodable value produces.
    static func json(_ value: some Encodable) throws -> [String: Any] {
        let data = try JSONEncoder().encode(value)
        return try JSONSerialization.jsonObject(with: data) as! [String: Any]
    }
}

/// Message text of a thrown error, for asserting that it names the bad input.
func errorText(_ body: () throws -> Void) -> String? {
    do { try body(); return nil } catch { return "\(error)" }
}
