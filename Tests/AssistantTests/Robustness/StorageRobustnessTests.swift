import AirportData
import Foundation
import Notams
import SQLiteSupport
import Testing
@testable import Assistant

#if canImport(Glibc)
import Glibc
#endif

/// Issue 10, "never destroy what is not ours": database builds, history and user files.
@Suite("Robustness: storage safety", .serialized)
struct StorageRobustnessTests {
    static func mode(_ path: String) -> mode_t {
        var st = stat()
        return lstat(path, &st) == 0 ? st.st_mode & 0o777 : 0
    }

    @Test("data build refuses a directory and a text file and leaves them as they were")
    func buildRefusesForeignTargets() throws {
        let dir = Fixtures.temporaryDirectory()
        let folder = dir + "/folder", notes = dir + "/notes.txt"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "keep me".write(toFile: folder + "/keep", atomically: false, encoding: .utf8)
        try "my notes".write(toFile: notes, atomically: false, encoding: .utf8)
        for target in [folder, notes] {
            let r = try Fixtures.run(["--db", target, "data", "build"])
            #expect(r.code == 1)
            #expect(r.err.contains("refusing to replace '\(target)'"), "\(r.err)")
        }
        #expect(try String(contentsOfFile: folder + "/keep", encoding: .utf8) == "keep me")
        #expect(try String(contentsOfFile: notes, encoding: .utf8) == "my notes")
        let opened = try Fixtures.run(["--db", notes, "ask", "metar EGLL"])
        #expect(opened.code == 1 && opened.err.contains("cannot use"), "\(opened.err)")
        #expect(try String(contentsOfFile: notes, encoding: .utf8) == "my notes")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["folder", "notes.txt"])
    }

    @Test("a symbolic link target is refused by the builder, the link and its target untouched")
    func buildRefusesSymlink() throws {
        let dir = Fixtures.temporaryDirectory()
        try "target".write(toFile: dir + "/target", atomically: false, encoding: .utf8)
        symlink(dir + "/target", dir + "/link.sqlite")
        let builder = DatabaseBuilder(dataDirectory: Fixtures.resources.data)
        #expect(throws: AirportDataError.self) { try builder.build(to: dir + "/link.sqlite", replacingDamaged: true) }
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dir + "/link.sqlite") == dir + "/target")
        #expect(try String(contentsOfFile: dir + "/target", encoding: .utf8) == "target")
    }

    @Test("a failed build removes its temporary file; stale ones of dead processes go at the next start")
    func buildCleansUp() throws {
        let dir = Fixtures.temporaryDirectory()
        // A data folder whose regions file lacks a column: the build fails after it has begun writing.
        let data = dir + "/data"
        for source in DatabaseBuilder.sources {
            let target = data + "/" + source
            try FileManager.default.createDirectory(atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            if source.hasSuffix("regions.csv") {
                try "id,name\n1,Nowhere\n".write(toFile: target, atomically: false, encoding: .utf8)
            } else {
                symlink(Fixtures.resources.data.appendingPathComponent(source).path, target)
            }
        }
        let path = dir + "/airports.sqlite"
        #expect(throws: (any Error).self) { try DatabaseBuilder(dataDirectory: URL(fileURLWithPath: data)).build(to: path) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["data"], "no *.building-* left")

        // A killed build (a process that no longer exists) left one behind; a live one is kept.
        let stale = path + ".building-999999999-dead", live = path + ".building-\(getppid())-live"
        for file in [stale, live] { try "x".write(toFile: file, atomically: false, encoding: .utf8) }
        let removed = DatabaseFileCheck.removeStaleBuildFiles(beside: path)
        #expect(removed == [stale])
        #expect(FileManager.default.fileExists(atPath: live))
    }

    @Test("an in-memory database creates no file called ':memory:'")
    func inMemoryCreatesNoFile() throws {
        let before = FileManager.default.fileExists(atPath: ":memory:")
        let db = try SQLiteSupport.Database(path: ":memory:")
        try db.execute("CREATE TABLE t(x)")
        #expect(before || !FileManager.default.fileExists(atPath: ":memory:"))
    }

    @Test("the user store and its journal are created 0600")
    func userStoreMode() throws {
        let dir = Fixtures.temporaryDirectory()
        let store = try BriefingStore(path: dir + "/briefings.sqlite")
        _ = try store.createFlight(name: "G-MODE")
        #expect(Self.mode(dir + "/briefings.sqlite") == 0o600)
        #expect(Self.mode(dir + "/briefings.sqlite-wal") == 0o600)
    }

    @Test("history: 0600 through a fresh file, trimmed, no space-led lines, FLYFUN_NOHISTORY 1/true/yes")
    func historyFile() throws {
        let dir = Fixtures.temporaryDirectory()
        let file = HistoryFile(path: dir + "/state/flyfun/history", limit: 3)
        try file.save(["one", "two"])
        #expect(Self.mode(file.path) == 0o600)
        var before = stat()
        lstat(file.path, &before)
        try file.save(["one", "two", "three", "four", "five"])
        var after = stat()
        lstat(file.path, &after)
        #expect(before.st_ino != after.st_ino, "replaced by rename, not rewritten in place")
        #expect(try file.load() == ["three", "four", "five"])
        #expect(!HistoryFile.shouldRecord(" secret question"))
        #expect(!HistoryFile.shouldRecord("   "))
        #expect(HistoryFile.shouldRecord("metar EGLL"))
        for off in ["1", "true", "yes", "YES"] { #expect(HistoryFile.standard(environment: ["FLYFUN_NOHISTORY": off]) == nil) }
        #expect(HistoryFile.standard(environment: ["FLYFUN_NOHISTORY": "0", "XDG_STATE_HOME": dir])?.path == dir + "/flyfun/history")
    }

    @Test("history: a symbolic link is refused; neither the link nor its target is written or chmod'ed")
    func historySymlink() throws {
        let dir = Fixtures.temporaryDirectory()
        let target = dir + "/precious"
        try "precious\n".write(toFile: target, atomically: false, encoding: .utf8)
        chmod(target, 0o644)
        symlink(target, dir + "/history")
        let file = HistoryFile(path: dir + "/history")
        #expect(file.refusal() != nil)
        #expect(throws: AssistantError.self) { try file.load() }
        #expect(throws: AssistantError.self) { try file.save(["x"]) }
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "precious\n")
        #expect(Self.mode(target) == 0o644)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dir + "/history") == target)
    }
}
