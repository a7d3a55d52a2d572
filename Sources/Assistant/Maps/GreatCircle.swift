import AirportData
import Foundation

/// Routes as pilots fly them: along great circles, as polylines fine enough to draw or export.
enum GreatCircle {
    /// The great-circle legs through `points`, with a point every `stepNM` or closer
    /// (at most `maxPerLeg` segments a leg).
    static func densify(_ points: [Coordinate], stepNM: Double, maxPerLeg: Int = 512) -> [Coordinate] {
        guard let first = points.first else { return [] }
        var out = [first]
        for (a, b) in zip(points, points.dropFirst()) {
            let n = max(1, min(maxPerLeg, Int((Geodesy.distanceNM(a, b) / stepNM).rounded(.up))))
            for k in 1...n { out.append(Geodesy.intermediate(a, b, fraction: Double(k) / Double(n))) }
        }
        return out
    }
}
