import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The chat's line history on disk: `$XDG_STATE_HOME/flyfun/history`, one line per entry.
///
/// The file is the user's alone and flyfun never writes through a link it did not make: it is
/// looked at with `lstat` (a symbolic link or anything but a plain file is refused, untouched),
/// rewritten through a fresh temporary file that is `fchmod`ed 0600 and renamed into place,
/// and trimmed to the newest `limit` lines. Lines starting with a space are not recorded
/// (the shell convention for "keep this out of my history").
public struct HistoryFile: Sendable {
    /// Where the history lives.
    public let path: String
    /// The most lines kept; older ones are dropped when the file is rewritten.
    public let limit: Int

    public init(path: String, limit: Int = 1000) {
        self.path = path
        self.limit = limit
    }

    /// The history file for this environment, or nil when `FLYFUN_NOHISTORY` is `1`, `true` or `yes`.
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> HistoryFile? {
        if let off = environment["FLYFUN_NOHISTORY"]?.lowercased(), ["1", "true", "yes"].contains(off) { return nil }
        let state = environment["XDG_STATE_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? (NSHomeDirectory() + "/.local/state")
        return HistoryFile(path: state + "/flyfun/history")
    }

    /// Whether `line` belongs in the history: not blank, not starting with a space.
    public static func shouldRecord(_ line: String) -> Bool {
        !line.hasPrefix(" ") && !line.hasPrefix("\t") && !line.trimmingCharacters(in: .whitespaces).isEmpty
    }

    /// Why the history file cannot be used (a link, a directory, a device), or nil when it is a
    /// plain file or does not exist yet.
    public func refusal() -> String? {
        var st = stat()
        guard lstat(path, &st) == 0 else { return nil }
        switch st.st_mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFLNK: return "the history file \(path) is a symbolic link; flyfun does not write through links (history is off)"
        default: return "the history file \(path) is not a regular file (history is off)"
        }
    }

    /// The stored lines, oldest first (empty when there is no file yet).
    public func load() throws -> [String] {
        if let refusal = refusal() { throw AssistantError.toolFailed(code: "history", message: refusal) }
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else {
            if errno == ENOENT { return [] }
            throw AssistantError.toolFailed(code: "history", message: "cannot read the history file \(path): \(String(cString: strerror(errno)))")
        }
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        let text = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        // Files written by libedit's write_history start with a marker and encode spaces as \040.
        if lines.first == "_HiStOrY_V2_" {
            lines = lines.dropFirst().map { $0.replacingOccurrences(of: "\\040", with: " ").replacingOccurrences(of: "\\\\", with: "\\") }
        }
        return Array(lines.suffix(limit))
    }

    /// Replaces the file with the newest `limit` of `lines`: temporary file, `fchmod` 0600, `rename`.
    public func save(_ lines: [String]) throws {
        if let refusal = refusal() { throw AssistantError.toolFailed(code: "history", message: refusal) }
        let dir = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let tmp = path + ".tmp-\(getpid())-\(UUID().uuidString)"
        let fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw failure("cannot write", tmp) }
        var ok = fchmod(fd, 0o600) == 0
        let text = lines.suffix(limit).filter { !$0.contains("\n") }.map { $0 + "\n" }.joined()
        ok = ok && text.utf8CString.withUnsafeBufferPointer { buffer in
            var offset = 0
            let count = buffer.count - 1
            while offset < count {
                let n = write(fd, buffer.baseAddress! + offset, count - offset)
                if n <= 0 { return false }
                offset += n
            }
            return true
        }
        let error = errno
        close(fd)
        guard ok, rename(tmp, path) == 0 else {
            let saved = ok ? errno : error
            unlink(tmp)
            errno = saved
            throw failure("cannot write", path)
        }
    }

    private func failure(_ what: String, _ file: String) -> AssistantError {
        .toolFailed(code: "history", message: "\(what) the history file \(file): \(String(cString: strerror(errno)))")
    }
}
