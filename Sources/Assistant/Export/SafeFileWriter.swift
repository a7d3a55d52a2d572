import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a file the user named, without ever clobbering what is not ours.
///
/// The rules: a path that does not exist is created; a path that exists is replaced only when
/// it is a regular file that `isOurs` recognises (a file flyfun wrote before); a symbolic link,
/// a directory or anybody else's file is refused with a message saying why. The bytes go to a
/// temporary file in the same directory (created exclusively, mode 0600) which is then renamed
/// over the target, so a reader never sees half a file and a link planted meanwhile is
/// replaced, not followed.
struct SafeFileWriter {
    /// Recognises a file this program wrote (from its first bytes).
    let isOurs: (Data) -> Bool

    func write(_ data: Data, to path: String) throws {
        guard !path.isEmpty else { throw Self.refuse(path, "no file name given") }
        var st = stat()
        if lstat(path, &st) == 0 {
            switch st.st_mode & S_IFMT {
            case S_IFLNK: throw Self.refuse(path, "it is a symbolic link (flyfun does not write through links; give the real path)")
            case S_IFREG:
                guard let head = FileManager.default.contents(atPath: path), isOurs(head) else {
                    throw Self.refuse(path, "the file exists and was not written by flyfun; choose a new name or remove it first")
                }
            default: throw Self.refuse(path, "it exists and is not a regular file")
            }
        } else if errno != ENOENT {
            throw Self.refuse(path, Self.systemError())
        }
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        var dirStat = stat()
        guard stat(directory, &dirStat) == 0, dirStat.st_mode & S_IFMT == S_IFDIR else {
            throw Self.refuse(path, "the folder '\(directory)' does not exist")
        }
        var template = Array((directory + "/." + url.lastPathComponent + ".flyfun-XXXXXX").utf8CString)
        let fd = mkstemp(&template)   // O_EXCL, mode 0600
        guard fd >= 0 else { throw Self.refuse(path, "cannot create a file in '\(directory)': \(Self.systemError())") }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: false)
        var ok = (try? handle.write(contentsOf: data)) != nil
        ok = ok && fsync(fd) == 0
        close(fd)
        guard ok, rename(temporary, path) == 0 else {
            let reason = Self.systemError()
            unlink(temporary)
            throw Self.refuse(path, "writing failed: \(reason)")
        }
    }

    static func systemError() -> String { strerror(errno).map { String(decoding: UnsafeRawBufferPointer(start: $0, count: strlen($0)), as: UTF8.self) } ?? "error \(errno)" }

    static func refuse(_ path: String, _ why: String) -> AssistantError {
        .toolFailed(code: "export_refused", message: "cannot write '\(path)': \(why)")
    }
}
