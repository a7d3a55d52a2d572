import FlightPlanning
import Foundation

/// The airline table (`Data/airlines/airlines.csv`), read on first use and shared: recognisers
/// ask it whether words name an airline ("Air France" → AFR, EU carrier) for EU261/UK261.
public final class LazyAirlines: @unchecked Sendable {
    private let lock = NSLock()
    private let url: URL
    private var loaded: Result<AirlineDirectory, PlanningError>?

    private static let registryLock = NSLock()
    nonisolated(unsafe) private static var registry: [String: LazyAirlines] = [:]

    init(url: URL) { self.url = url }

    /// The one loader for `dataDirectory`.
    public static func shared(dataDirectory: URL) -> LazyAirlines {
        registryLock.lock()
        defer { registryLock.unlock() }
        let url = dataDirectory.appendingPathComponent("airlines/airlines.csv")
        if let l = registry[url.path] { return l }
        let l = LazyAirlines(url: url)
        registry[url.path] = l
        return l
    }

    /// The directory, or the error reading it.
    public func directory() throws -> AirlineDirectory {
        lock.lock()
        defer { lock.unlock() }
        if loaded == nil {
            do { loaded = .success(try AirlineDirectory(csv: url)) } catch let e as PlanningError {
                loaded = .failure(e)
            } catch {
                loaded = .failure(.fileProblem(path: url.path, detail: "\(error)"))
            }
        }
        return try loaded!.get()
    }

    /// The airline `text` names, or nil (also when the table cannot be read).
    public func airline(named text: String) -> Airline? { (try? directory())?.airline(named: text) }
}
