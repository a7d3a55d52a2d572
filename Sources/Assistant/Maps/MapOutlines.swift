import Foundation

/// Coastlines and land borders (Natural Earth 1:50m), decoded from `Data/naturalearth/outlines.bin`.
///
/// The file is produced once by `scripts/prepare_coastlines.py` (layout documented there and in
/// `Data/README.md`); it is read the first time a map is drawn, never at start-up, and kept for
/// the life of the process. Each piece carries its bounding box so a map skips the world outside
/// its view without projecting a single point.
public final class MapOutlines: Sendable {
    /// What a polyline separates.
    public enum Kind: UInt8, Sendable { case coast = 0, border = 1 }

    /// One polyline of at most a few dozen points, with its bounding box in degrees.
    public struct Piece: Sendable {
        public let kind: Kind
        /// Longitudes and latitudes, degrees, interleaved (lon0, lat0, lon1, lat1, ...).
        public let points: [Float]
        public let minLon: Float, maxLon: Float, minLat: Float, maxLat: Float
    }

    public let pieces: [Piece]

    static let magic = Array("FFMAP01\n".utf8)
    /// The file's quantisation: 1/100 degree.
    static let quantum: Float = 0.01

    /// Decodes the file's bytes; throws naming what is wrong with it.
    public init(data: Data) throws {
        let bytes = [UInt8](data)
        guard bytes.count >= 12, Array(bytes[0..<8]) == Self.magic else {
            throw Self.corrupt("not a flyfun outline file (expected the header FFMAP01)")
        }
        var i = 8
        func u32() -> Int { let v = Int(bytes[i]) | Int(bytes[i + 1]) << 8 | Int(bytes[i + 2]) << 16 | Int(bytes[i + 3]) << 24; i += 4; return v }
        func varint() throws -> Int {
            var value = 0, shift = 0
            while true {
                guard i < bytes.count, shift < 35 else {
                    throw Self.corrupt("truncated at byte \(i)")
                }
                let b = bytes[i]; i += 1
                value |= Int(b & 0x7F) << shift
                if b & 0x80 == 0 { return value }
                shift += 7
            }
        }
        func zigzag() throws -> Int { let v = try varint(); return (v >> 1) ^ -(v & 1) }
        let count = u32()
        var pieces: [Piece] = []
        pieces.reserveCapacity(min(count, bytes.count / 3))
        for _ in 0..<count {
            guard i < bytes.count, let kind = Kind(rawValue: bytes[i]) else {
                throw Self.corrupt("bad piece kind at byte \(i)")
            }
            i += 1
            let n = try varint()
            guard n >= 2 else { throw Self.corrupt("piece of \(n) points at byte \(i)") }
            var pts = [Float](repeating: 0, count: 2 * n)
            var x = 0, y = 0
            var minLon = Float.infinity, maxLon = -Float.infinity, minLat = Float.infinity, maxLat = -Float.infinity
            for k in 0..<n {
                x += try zigzag(); y += try zigzag()
                let lon = Float(x) * Self.quantum, lat = Float(y) * Self.quantum
                pts[2 * k] = lon; pts[2 * k + 1] = lat
                minLon = min(minLon, lon); maxLon = max(maxLon, lon); minLat = min(minLat, lat); maxLat = max(maxLat, lat)
            }
            pieces.append(Piece(kind: kind, points: pts, minLon: minLon, maxLon: maxLon, minLat: minLat, maxLat: maxLat))
        }
        self.pieces = pieces
    }

    /// The outlines under `dataDirectory`, read on first use and shared by every later map.
    /// Nil when the file is missing or unreadable: a map then shows its marks without geography.
    public static func shared(dataDirectory: URL) -> MapOutlines? {
        cache.withLock { loaded in
            let path = dataDirectory.appendingPathComponent("naturalearth/outlines.bin").path
            if let hit = loaded[path] { return hit }
            let outlines = FileManager.default.contents(atPath: path).flatMap { try? MapOutlines(data: $0) }
            loaded[path] = outlines
            return outlines
        }
    }

    static func corrupt(_ problem: String) -> AssistantError {
        .toolFailed(code: "bad_data_file", message: "Data/naturalearth/outlines.bin: \(problem); rerun scripts/prepare_coastlines.py")
    }

    private static let cache = LockedValue<[String: MapOutlines?]>([:])
}

/// A tiny lock around a value (Foundation's NSLock; `Synchronization.Mutex` needs newer targets).
final class LockedValue<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()
    init(_ value: Value) { self.value = value }
    func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        lock.lock(); defer { lock.unlock() }
        return try body(&value)
    }
}
