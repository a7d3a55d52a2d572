import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads the text files a user names (briefings, NOTAM dumps, evaluation sets) with errors in
/// plain words that name the path: "no such file", "is a directory", "not a text file", never
/// Foundation's `Error Domain=NSCocoaErrorDomain Code=…`.
public enum TextFile {
    /// The UTF-8 text of the file at `path` (`~` expanded; a relative path is relative to the
    /// working folder).
    public static func read(_ path: String) throws -> String {
        let expanded = (path as NSString).expandingTildeInPath
        var st = stat()
        guard stat(expanded, &st) == 0 else { throw failure(path, errno) }
        if st.st_mode & S_IFMT == S_IFDIR { throw failure(path, EISDIR) }
        let fd = open(expanded, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw failure(path, errno) }
        let data = FileHandle(fileDescriptor: fd, closeOnDealloc: true).readDataToEndOfFile()
        // A NUL byte marks a binary file (a PDF, an image); other odd bytes (a Latin-1 degree
        // sign in a briefing dump) are read leniently, as the NOTAM parser reports what it cannot read.
        guard !data.contains(0) else {
            throw AssistantError.toolFailed(code: "not_text", message: "'\(path)' is not a text file (expected UTF-8 text)")
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// A plain message for `errno` on `path`.
    static func failure(_ path: String, _ code: Int32) -> AssistantError {
        switch code {
        case ENOENT: return .toolFailed(code: "file_not_found", message: "no such file: '\(path)'")
        case EISDIR: return .toolFailed(code: "is_directory", message: "'\(path)' is a directory, not a file")
        case EACCES, EPERM: return .toolFailed(code: "permission_denied", message: "permission denied reading '\(path)'")
        case ENOTDIR: return .toolFailed(code: "file_not_found", message: "no such file: '\(path)' (a part of it is not a folder)")
        default: return .toolFailed(code: "io_error", message: "cannot read '\(path)': \(String(cString: strerror(code)))")
        }
    }

    /// Foundation and POSIX errors in plain words naming the path where one is known; nil for
    /// other errors.
    public static func plainMessage(_ error: Error) -> String? {
        let ns = error as NSError
        let path = (ns.userInfo[NSFilePathErrorKey] as? String) ?? (ns.userInfo[NSURLErrorKey] as? URL)?.path ?? "a file"
        if ns.domain == NSCocoaErrorDomain {
            switch ns.code {
            case NSFileReadNoSuchFileError, NSFileNoSuchFileError: return failure(path, ENOENT).description
            case NSFileReadNoPermissionError, NSFileWriteNoPermissionError: return "permission denied: '\(path)'"
            case NSFileReadInapplicableStringEncodingError, NSFileReadCorruptFileError: return "'\(path)' is not a text file (expected UTF-8 text)"
            case NSFileWriteOutOfSpaceError: return "the disk is full writing '\(path)'"
            case NSFileWriteVolumeReadOnlyError: return "'\(path)' is on a read-only disk"
            case NSFileWriteFileExistsError: return "'\(path)' already exists"
            default: return "cannot use '\(path)' (\(ns.localizedDescription))"
            }
        }
        if ns.domain == NSPOSIXErrorDomain { return failure(path, Int32(ns.code)).description }
        return nil
    }
}
