import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard streams that fail are errors, not silence: an answer that never reached its reader
/// (`> /dev/full`, a closed stdout) exits 1 with a message on stderr.
enum OutputCheck {
    /// Makes sure descriptors 0–2 are open before anything else opens a file: a database opened
    /// on a closed descriptor 1 would otherwise receive the answers. A closed stdout is an
    /// output failure; a closed stdin or stderr is replaced by /dev/null.
    static func prepareStandardStreams() -> String? {
        var stdoutClosed = false
        for fd: Int32 in [0, 1, 2] where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
            let null = open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY)
            if null >= 0, null != fd { dup2(null, fd); close(null) }
            if fd == 1 { stdoutClosed = true }
        }
        return stdoutClosed ? "cannot write the output: standard output is closed" : nil
    }

    /// The first output failure, kept so the exit message names its cause.
    nonisolated(unsafe) static var failure: String?

    /// Flushes stdout; false (and `failure` set) when something written so far did not arrive.
    @discardableResult
    static func flush() -> Bool {
        // fflush(nil) flushes every output stream (stdout among them, which Swift 6 will not
        // let us name); a failure stays recorded, because the stream's error flag is not re-reported.
        if fflush(nil) != 0, failure == nil { failure = "cannot write the output: \(String(cString: strerror(errno)))" }
        return failure == nil
    }
}
