import AirportData
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Understanding
import Notams

/// Everything a session needs, wired together once at start: resources, catalog, templates,
/// the airport database, the backend and the executor.
public final class AppEnvironment: @unchecked Sendable {
    public let resources: ResourceLocator
    public let catalog: ToolCatalog
    public let templates: Templates
    public let repository: AirportRepository
    public let countries: CountryResolver
    public let databasePath: String
    public let backend: KeywordFallbackBackend
    public let executor: ToolExecutor
    /// The clock for answers that depend on "now" (injectable with `--now`).
    public let now: Date
    /// What tools remember during the conversation (pasted reports, NOTAMs, last nav log).
    public let state = SessionState()

    /// Loads the NOTAMs of a briefing file into this session only (`--briefing`): answers use them
    /// as if imported, and nothing is stored.
    public func loadBriefing(path: String) throws {
        let text = try TextFile.read(path)
        let qcodes = try QCodeTable(contentsOf: resources.data.appendingPathComponent("notam/qcodes.json"))
        do {
            state.sessionNotams = try NotamParser.parse(text, qcodes: qcodes, referenceDate: now).notams
        } catch {
            throw AssistantError.toolFailed(code: "notam_error", message: "the briefing \(path) holds no readable NOTAM: \(error)")
        }
        state.briefingFromFile = true
    }

    private static let buildLock = NSLock()

    /// flyfun's cache folder: `$XDG_CACHE_HOME/flyfun` (the database and the fitted classifier).
    public static func cacheDirectory() -> String {
        let env = ProcessInfo.processInfo.environment
        let base = env["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? (NSHomeDirectory() + "/.cache")
        return base + "/flyfun"
    }

    /// Where the database lives by default: `$XDG_CACHE_HOME/flyfun/airports-<hash>.sqlite`.
    public static func defaultDatabasePath(hash: String) -> String {
        cacheDirectory() + "/airports-\(hash).sqlite"
    }

    /// Opens (building first if needed) the airport database.
    /// - Parameters:
    ///   - databasePath: `--db`; when nil the cache path keyed by the source hash is used.
    ///   - progress: receives one line per build step (shown on stderr).
    public static func ensureDatabase(resources: ResourceLocator, databasePath: String?, progress: (String) -> Void) throws -> String {
        // One build at a time in a process; a second caller then finds the finished file.
        buildLock.lock()
        defer { buildLock.unlock() }
        let builder = DatabaseBuilder(dataDirectory: resources.data)
        // Builds killed before they finished leave temporary files behind: clear them first.
        DatabaseFileCheck.removeStaleBuildFiles(in: cacheDirectory()) { $0.hasPrefix("airports-") }
        var exists = stat()
        if let path = databasePath, lstat(path, &exists) == 0 {
            DatabaseFileCheck.removeStaleBuildFiles(beside: path)
            // A file the user named is never rebuilt behind their back: say what is wrong with it.
            if let reason = DatabaseFileCheck.damageReason(path, quick: false) {
                if DatabaseFileCheck.notOursReason(path) != nil { throw AirportDataError.database("cannot use '\(path)': \(reason)") }
                throw AssistantError.toolFailed(code: "damaged_database", message: AirportDataError.damagedDatabase(path: path, reason: reason).description
                                                + "; rebuild it with: flyfun --db '\(path)' data build")
            }
            return path
        }
        let path = try databasePath ?? defaultDatabasePath(hash: builder.sourceHash())
        let isCache = databasePath == nil
        var replacing = false
        if lstat(path, &exists) == 0 {
            guard let reason = DatabaseFileCheck.damageReason(path, quick: false) else { return path }
            // The cache is ours and rebuildable; anything else was handled above.
            progress(AirportDataError.damagedDatabase(path: path, reason: reason).description + ": rebuilding it from Data/…")
            replacing = true
        }
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let start = Date()
        if !replacing { progress("Building the airport database from Data/ (first start only)…") }
        let counts = try builder.build(to: path, replacingDamaged: isCache) { step in progress("  \(step)") }
        let airports = counts.first { $0.table == "airports" }?.rows ?? 0
        progress("  done in \(String(format: "%.1f", Date().timeIntervalSince(start))) s: \(Fmt.grouped(airports)) airports → \(path)")
        return path
    }

    /// The user's own data folder (briefings, statuses, profiles); `$XDG_DATA_HOME/flyfun` by default.
    public let userDirectory: String

    public init(resources: ResourceLocator, databasePath: String?, now: Date = Date(), userDirectory: String? = nil,
                progress: (String) -> Void = { _ in }) throws {
        self.resources = resources
        self.now = now
        self.userDirectory = userDirectory ?? UserStore.directory()
        catalog = try ToolCatalog.load(from: resources.toolCatalog)
        templates = try Templates.load(from: resources.prompts)
        self.databasePath = try Self.ensureDatabase(resources: resources, databasePath: databasePath, progress: progress)
        repository = try AirportRepository(path: self.databasePath)
        let lexicon = try Lexicon.load(from: resources.toolCatalog.appendingPathComponent("lexicon"))
        countries = CountryResolver(countries: try repository.countries(), otherNames: lexicon.countryNames)
        let resolver = LocationResolver(repository: repository, countries: countries)
        let types = LazyAircraftTypes.shared(dataDirectory: resources.data)
        let airlines = LazyAirlines.shared(dataDirectory: resources.data)
        let extractor = EntityExtractor(repository: repository, countries: countries, lexicon: lexicon,
                                        aircraftDesignator: { name in
                                            guard let c = try? types.catalog() else { return nil }
                                            return c.designator(forName: name) ?? c.familyDesignator(forName: name)
                                        },
                                        airlineRegion: { name in (try? airlines.directory())?.airline(named: name)?.region.rawValue },
                                        englishWord: { LazyEnglishWords.shared(dataDirectory: resources.data).contains($0) })
        let airportTools = AirportTools(repository: repository, resolver: resolver, countries: countries, templates: templates,
                                        cruiseSpeed: LazyAircraftTypes.shared(dataDirectory: resources.data).cruiseSpeed)
        var handlers = airportTools.handlers
        let extensions = try DomainTools.make(resources: resources, repository: repository, resolver: resolver, templates: templates,
                                              state: state, now: now, userDirectory: self.userDirectory)
        for (k, v) in extensions.handlers { handlers[k] = v }
        executor = ToolExecutor(catalog: catalog, handlers: handlers)
        let training = try TrainingData.load(directory: resources.toolCatalog.appendingPathComponent("training"), catalog: catalog)
        let classifier = try IntentModelCache.model(for: training, directory: Self.cacheDirectory(),
                                                key: (self.databasePath as NSString).lastPathComponent, normalise: extractor.classifierText, progress: progress)
        backend = KeywordFallbackBackend(catalog: catalog, extractor: extractor, patterns: extensions.patterns, builders: extensions.builders, now: now,
                                         classifier: classifier)
    }
}

