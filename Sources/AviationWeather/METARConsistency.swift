/// Checks between groups that each decoded fine but cannot all be true together: a gust below
/// the mean wind, a temperature below the dewpoint, CAVOK with a cloud layer. The report is
/// still decoded; each problem is a warning that names the groups, so no planning number is
/// taken from it without the pilot seeing why it is doubtful.
enum METARConsistency {
    static func warnings(in text: ReportText, roles: [TokenRole], wind: Wind?, cavok: Bool, clouds: [CloudLayer],
                         temperature: Int?, dewpoint: Int?) -> [WeatherWarning] {
        func token(_ role: TokenRole) -> (String, Int) {
            guard let k = roles.firstIndex(of: role) else { return ("", 0) }
            return (text.token(k).string, k + 1)
        }
        var out: [WeatherWarning] = []
        if let wind, let speed = wind.speed, let gust = wind.gust, gust < speed {
            let (t, p) = token(.wind)
            out.append(WeatherWarning(token: t, position: p, field: "wind",
                                      message: "wind '\(t)': the gust \(gust) \(wind.unit) is below the mean speed \(speed) \(wind.unit); the group is doubtful"))
        }
        if let temperature, let dewpoint, temperature < dewpoint {
            let (t, p) = token(.temperature)
            out.append(WeatherWarning(token: t, position: p, field: "temperature",
                                      message: "temperature/dewpoint '\(t)': the temperature \(temperature) °C is below the dewpoint \(dewpoint) °C, which cannot be; check the report"))
        }
        let realLayers = clouds.filter { !["NSC", "NCD", "SKC", "CLR"].contains($0.cover ?? "") }
        if cavok, !realLayers.isEmpty {
            let (t, p) = token(.cloud)
            out.append(WeatherWarning(token: t, position: p, field: "cloud",
                                      message: "cloud '\(t)' after CAVOK: CAVOK means no cloud below 5000 ft and no CB/TCU, so the report contradicts itself"))
        }
        return out
    }
}
