import Foundation
@testable import Assistant
@testable import Understanding

/// Shared fixtures: the project's resources and one airport database for the whole test run
/// (building it takes seconds, so it is built once, into the normal cache location).
enum Fixtures {
    static let resources: ResourceLocator = {
        do { return try ResourceLocator.forSourceFile(#filePath) } catch { fatalError("\(error)") }
    }()

    /// The database path, built on first use.
    static let databasePath: String = {
        do {
            return try AppEnvironment.ensureDatabase(resources: resources, databasePath: nil) { _ in }
        } catch { fatalError("cannot build the test database: \(error)") }
    }()

    /// The clock all transcripts and tests use unless they say otherwise.
    static let now = ISO8601DateFormatter().date(from: "2026-11-22T10:00:00Z")!

    /// A fresh folder for the user's own data (briefings, profiles).
    static func temporaryDirectory() -> String {
        let dir = NSTemporaryDirectory() + "flyfun-tests-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    /// A new environment with its own user data folder.
    static func environment(now: Date = Fixtures.now, userDirectory: String = temporaryDirectory()) throws -> AppEnvironment {
        try AppEnvironment(resources: resources, databasePath: databasePath, now: now, userDirectory: userDirectory)
    }

    /// An environment for read-only questions: a new one on each use, because tests run in
    /// parallel and an environment (its session state) belongs to one conversation.
    static var shared: AppEnvironment {
        do { return try environment() } catch { fatalError("\(error)") }
    }

    /// The built `flyfun` binary next to the test bundle (`swift build` before `swift test`).
    static var binary: URL? {
        var candidates: [URL] = []
        if let exe = Bundle.main.executableURL { candidates.append(exe.deletingLastPathComponent().appendingPathComponent("flyfun")) }
        candidates.append(Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("flyfun"))
        candidates.append(resources.root.appendingPathComponent(".build/debug/flyfun"))
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// A `flyfun` process, not yet started, run in the project root with `extra` added to the
    /// environment and its output discarded (for tests that kill or race processes).
    static func process(_ arguments: [String], environment extra: [String: String]) throws -> Process {
        guard let binary else { throw AssistantError.toolFailed(code: "no_binary", message: "flyfun binary not built: run `swift build` before `swift test`") }
        let p = Process()
        p.executableURL = binary
        p.arguments = arguments
        p.currentDirectoryURL = resources.root
        var env = ProcessInfo.processInfo.environment
        env["FLYFUN_HOME"] = resources.root.path
        for (k, v) in extra { env[k] = v }
        p.environment = env
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        return p
    }

    /// Runs the binary with `arguments`, feeding `input` on stdin; returns stdout, stderr, exit code.
    /// With `shell`, `/bin/sh` runs instead and `arguments` are its own.
    static func run(_ arguments: [String], input: String = "", environment extra: [String: String] = [:], shell: Bool = false) throws -> (out: String, err: String, code: Int32) {
        guard let binary else { throw AssistantError.toolFailed(code: "no_binary", message: "flyfun binary not built: run `swift build` before `swift test` (make test does)") }
        let p = Process()
        p.executableURL = shell ? URL(fileURLWithPath: "/bin/sh") : binary
        p.arguments = arguments
        p.currentDirectoryURL = resources.root
        var env = ProcessInfo.processInfo.environment
        env["FLYFUN_HOME"] = resources.root.path
        env["FLYFUN_NOHISTORY"] = "1"
        env["NO_COLOR"] = "1"
        for (k, v) in extra { env[k] = v }
        p.environment = env
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        p.standardInput = stdin
        p.standardOutput = stdout
        p.standardError = stderr
        try p.run()
        // Read and write concurrently so a large answer cannot block on a full pipe.
        let outBox = DataBox(), errBox = DataBox()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async { outBox.data = stdout.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        group.enter()
        DispatchQueue.global().async { errBox.data = stderr.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        p.waitUntilExit()
        group.wait()
        return (String(decoding: outBox.data, as: UTF8.self), String(decoding: errBox.data, as: UTF8.self), p.terminationStatus)
    }
}

/// A mutable box for data read on another thread.
final class DataBox: @unchecked Sendable {
    var data = Data()
}
