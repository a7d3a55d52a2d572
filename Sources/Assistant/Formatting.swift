import AirportData
import Foundation
import Understanding

/// Number and unit formatting shared by every answer, so all tools read alike.
enum Fmt {
    /// 12.3 → "12.3", 12.0 → "12".
    static func num(_ v: Double, decimals: Int = 1) -> String {
        let p = pow(10.0, Double(decimals))
        let r = (v * p).rounded() / p
        if r.rounded() == r { return grouped(Int(r)) }
        return String(format: "%.\(decimals)f", r)
    }

    /// 2667 → "2,667".
    static func grouped(_ v: Int) -> String {
        let s = String(abs(v))
        var out = ""
        for (i, ch) in s.enumerated() {
            if i > 0, (s.count - i) % 3 == 0 { out.append(",") }
            out.append(ch)
        }
        return (v < 0 ? "-" : "") + out
    }

    static func feet(_ v: Int?) -> String { v.map { "\(grouped($0)) ft" } ?? "-" }

    /// Three-digit course: 7 → "007°".
    static func course(_ v: Double) -> String {
        var d = Int(v.rounded()) % 360
        if d == 0 { d = 360 }
        return String(format: "%03d°", d)
    }

    static func surface(_ a: Airport) -> String {
        switch a.hasHardRunway {
        case true?: return "hard"
        case false?: return "soft"
        case nil: return "?"
        }
    }

    static func duration(hours: Double) -> String {
        let minutes = Int((hours * 60).rounded())
        return minutes >= 60 ? "\(minutes / 60) h \(String(format: "%02d", minutes % 60)) min" : "\(minutes) min"
    }

    static func list(_ items: [String]) -> String {
        switch items.count {
        case 0: return ""
        case 1: return items[0]
        default: return items.dropLast().joined(separator: ", ") + " and " + items.last!
        }
    }
}
