import AviationWeather
import Foundation
import Understanding
import Notams

/// What tools remember within one conversation: reports pasted earlier ("is LFMD VFR?"
/// after a METAR), NOTAMs pasted or loaded with `--briefing`, the last nav log's fuel.
///
/// One session owns one state; tools of that session share it by reference.
public final class SessionState: @unchecked Sendable {
    /// The latest METAR per station.
    public var metars: [String: METAR] = [:]
    /// The latest TAF per station.
    public var tafs: [String: TAF] = [:]
    /// The text of the last TAF pasted, so a TAF pasted over several lines (each line a turn)
    /// can be joined back together.
    public var lastTAFText: String?
    /// NOTAMs pasted in this session or loaded with `--briefing` (not persisted).
    public var sessionNotams: [Notam] = []
    /// True when `--briefing` supplied the NOTAMs (the persistent store is then not used).
    public var briefingFromFile = false
    /// Fuel burnt on the last nav log, in US gallons, for weight and balance at landing.
    public var lastNavLogFuelUSGal: Double?
    /// The last nav log's waypoints (first = departure).
    public var lastNavLogWaypoints: [String] = []
    /// The last loading computed, so "takeoff distance" can use its weight.
    public var lastLoading: LastLoading?
    /// The aircraft in use: the last one named in a planning question.
    public var lastAircraft: String?

    /// A weight-and-balance result kept for the performance tool.
    public struct LastLoading: Sendable {
        public let profileName: String
        public let takeoffWeight: Double
    }

    public init() {}

    /// Forgets what the conversation gave (`/clear`): pasted reports and NOTAMs, the last nav log,
    /// loading and aircraft. NOTAMs loaded with `--briefing` stay: they came with the command line.
    public func forgetConversation() {
        metars = [:]; tafs = [:]; lastTAFText = nil
        if !briefingFromFile { sessionNotams = [] }
        lastNavLogFuelUSGal = nil; lastNavLogWaypoints = []; lastLoading = nil; lastAircraft = nil
    }

    /// The latest METAR of `station`, if one was pasted.
    public func metar(for station: String) -> METAR? { metars[station.uppercased()] }
}
