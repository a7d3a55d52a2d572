import Foundation

/// Plain-text descriptions of every result, for a pilot reading a terminal.
public enum PlanningDescriber {
    /// Density altitude in a few lines.
    public static func describe(_ r: DensityAltitudeResult) -> String {
        let sign = r.isaDeviationC >= 0 ? "+" : ""
        return """
        Elevation \(fmt(r.elevationFt)) ft, QNH \(fmt(r.qnhHPa)) hPa (\(fmt(r.qnhInHg, 2)) inHg), OAT \(fmt(r.temperatureC, 1)) °C
        Pressure altitude: \(fmt(r.pressureAltitudeFt)) ft
        ISA temperature there: \(fmt(r.isaTemperatureC, 1)) °C (deviation ISA\(sign)\(fmt(r.isaDeviationC, 1)) °C)
        Density altitude: \(fmt(r.densityAltitudeFt)) ft (rule of thumb PA + 118.8 ft/°C: \(fmt(r.densityAltitudeRuleOfThumbFt)) ft)
        Air density \(fmt(r.densityRatio * 100, 1)) % of ISA sea level. Humidity is ignored (humid air is a little less dense).
        """
    }

    /// Wind components as a table with the best runway.
    public static func describe(_ r: WindComponentsResult) -> String {
        let w = r.wind
        var windText = (w.directionTrue.map { String(format: "%03d° true", Int($0.rounded())) } ?? "variable") + " \(fmt(w.speedKt)) kt"
        if let g = w.gustKt { windText += " gusting \(fmt(g)) kt" }
        var out = ["Wind \(windText)"]
        if !r.runways.isEmpty {
            var t = TextTable(headers: ["Runway", "Heading", "Head/tail", "Crosswind", "Gust head/tail", "Gust crosswind"],
                              alignments: [.left, .right, .right, .right, .right, .right])
            func hw(_ v: Double) -> String { v >= 0 ? "\(fmt(v)) kt head" : "\(fmt(-v)) kt TAIL" }
            func xw(_ v: Double) -> String { abs(v) < 0.5 ? "0 kt" : "\(fmt(abs(v))) kt \(v > 0 ? "right" : "left")" }
            for c in r.runways {
                t.add([c.ident + (c.headingIsMagneticApproximation ? "~" : ""), String(format: "%03d°", Int(c.headingUsed.rounded()) % 360 == 0 ? 360 : Int(c.headingUsed.rounded())),
                       hw(c.headwindKt), xw(c.crosswindKt), c.gustHeadwindKt.map(hw) ?? "-", c.gustCrosswindKt.map(xw) ?? "-"])
            }
            out.append(t.render())
        }
        if let best = r.bestRunway { out.append("Best runway: \(best) (most headwind, then least crosswind).") }
        out += r.notes.map { "Note: \($0)." }
        return out.joined(separator: "\n")
    }

    /// The nav log as an aligned table with totals.
    public static func describe(_ r: NavLogResult) -> String {
        var t = TextTable(headers: ["From", "To", "Dist NM", "TC °T", "WCA", "TH °T", "GS kt", "Time", "Fuel"],
                          alignments: [.left, .left, .right, .right, .right, .right, .right, .right, .right])
        let unit = r.fuelUnit ?? ""
        for l in r.legs {
            t.add([l.from, l.to, fmt(l.distanceNM, 1), String(format: "%03d", Int(l.trueCourse.rounded()) % 360),
                   (l.windCorrectionAngle >= 0 ? "+" : "") + fmt(l.windCorrectionAngle), String(format: "%03d", Int(l.trueHeading.rounded()) % 360),
                   fmt(l.groundSpeedKt), minutes(l.timeMinutes), l.fuel.map { fmt($0, 1) } ?? "-"])
        }
        t.add(["Total", "", fmt(r.totalDistanceNM, 1), "", "", "", "", minutes(r.totalTimeMinutes), r.tripFuel.map { fmt($0, 1) } ?? "-"])
        var out: [String] = []
        var head = "TAS \(fmt(r.tasKt)) kt"
        if let w = r.wind, let d = w.directionTrue { head += ", wind \(String(format: "%03d", Int(d.rounded())))° true / \(fmt(w.speedKt)) kt" } else { head += ", no wind" }
        if let a = r.altitudeFt { head += ", altitude \(fmt(a)) ft" }
        if let f = r.fuelFlow { head += ", fuel flow \(fmt(f.perHour, 1)) \(f.unit.rawValue)" }
        out.append(head)
        out.append(t.render())
        if let reserve = r.reserveFuel, let total = r.totalFuel, let trip = r.tripFuel {
            out.append("Trip fuel \(fmt(trip, 1)) \(unit) + reserve \(fmt(r.reserveMinutes)) min \(fmt(reserve, 1)) \(unit) = \(fmt(total, 1)) \(unit) minimum (add taxi and contingency).")
        } else {
            out.append("No fuel flow given: no fuel figures. Reserve planned: \(fmt(r.reserveMinutes)) min.")
        }
        out.append("Courses are initial great-circle true courses; apply variation for magnetic headings.")
        return out.joined(separator: "\n")
    }

    /// A profile summary.
    public static func describe(_ p: AircraftProfile) -> String {
        let w = p.units.weightUnit, a = p.units.armUnit
        var out = ["\(p.name) (\(p.icaoDesignator)), units \(w)/\(a)",
                   "Empty weight \(fmt(p.emptyWeight, 1)) \(w) at \(fmt(p.emptyArm, 2)) \(a)" + (p.emptyWeightSource.map { " — \($0)" } ?? ""),
                   "Max takeoff \(fmt(p.maxTakeoffWeight)) \(w), max landing \(fmt(p.maxLandingWeight)) \(w)" + (p.maxRampWeight.map { ", max ramp \(fmt($0)) \(w)" } ?? "")]
        var t = TextTable(headers: ["Station", "Arm \(a)", "Max \(w)"], alignments: [.left, .right, .right])
        for s in p.stations { t.add([s.name, fmt(s.arm, 2), s.maxLoad.map { fmt($0) } ?? "-"]) }
        t.add(["Fuel (\(fmt(p.fuel.usableCapacity, 1)) \(p.fuel.capacityUnit.rawValue) usable)", fmt(p.fuel.arm, 2), "-"])
        out.append(t.render())
        for c in p.combinedLimits { out.append("Combined limit \(c.name): \(c.stations.joined(separator: " + ")) ≤ \(fmt(c.maxLoad)) \(w)") }
        out.append("CG envelope: " + p.envelope.map { "(\(fmt($0.weight)) \(w), \(fmt($0.arm, 2)) \(a))" }.joined(separator: " "))
        out.append("Takeoff tables: \(p.takeoff.isEmpty ? "none" : p.takeoff.map { fmt($0.weight) + " " + w }.joined(separator: ", ")); landing tables: \(p.landing.isEmpty ? "none" : p.landing.map { fmt($0.weight) + " " + w }.joined(separator: ", "))")
        if let c = p.cruise { out.append("Cruise \(fmt(c.tasKt)) KTAS at \(fmt(c.fuelFlow.perHour, 1)) \(c.fuelFlow.unit.rawValue)" + (c.power.map { " (\($0))" } ?? "")) }
        out.append("Source: \(p.source)")
        out += p.notes.map { "Note: \($0)" }
        return out.joined(separator: "\n")
    }

    /// The profile list.
    public static func describe(_ list: [ProfileSummary]) -> String {
        if list.isEmpty { return "No aircraft profiles." }
        var t = TextTable(headers: ["Profile", "Type", "Kind"])
        for s in list { t.add([s.name, s.icaoDesignator, s.bundled ? "bundled example (read-only)" : "saved"]) }
        return t.render()
    }

    /// The loading sheet, conditions, warnings and chart.
    public static func describe(_ r: WeightAndBalanceResult) -> String {
        let w = r.units.weightUnit, a = r.units.armUnit, m = r.units.momentUnit
        var t = TextTable(headers: ["Item", "Weight \(w)", "Arm \(a)", "Moment \(m)"], alignments: [.left, .right, .right, .right])
        let armDecimals = r.units == .imperial ? 1 : 3
        for l in r.lines {
            let name = l.fuelVolume.map { "\(l.name) (\(fmt($0, 1)) \(r.fuelUnit.rawValue))" } ?? l.name
            t.add([name, fmt(l.weight, 1), fmt(l.arm, armDecimals), fmt(l.moment, 1)])
        }
        var out = ["Weight and balance: \(r.profileName)", t.render()]
        for c in [r.takeoff] + (r.landing.map { [$0] } ?? []) {
            var s = "\(c.label.capitalized): \(fmt(c.weight, 1)) \(w), CG \(fmt(c.cg, armDecimals + 1)) \(a)"
            if let f = c.forwardLimit, let aft = c.aftLimit { s += " (limits \(fmt(f, armDecimals + 1))–\(fmt(aft, armDecimals + 1)) \(a) at this weight)" }
            s += c.insideEnvelope ? ", inside the envelope" : ", OUTSIDE the envelope"
            if let margin = c.cgMargin, let nearest = c.nearestLimit {
                s += margin >= 0 ? " by \(fmt(margin, armDecimals + 1)) \(a) from the \(nearest) limit" : " by \(fmt(-margin, armDecimals + 1)) \(a) beyond the \(nearest) limit"
            } else {
                s += " (weight outside the envelope's weight range)"
            }
            s += c.weightMargin >= 0 ? "; \(fmt(c.weightMargin, 1)) \(w) below max \(c.label) weight \(fmt(c.maxWeight)) \(w)."
                : "; OVERWEIGHT by \(fmt(-c.weightMargin, 1)) \(w) (max \(c.label) weight \(fmt(c.maxWeight)) \(w))."
            out.append(s)
        }
        out += r.warnings.map { "WARNING: \($0)." }
        out.append(r.withinLimits ? "Within limits." : "NOT within limits.")
        out.append(r.chart)
        return out.joined(separator: "\n")
    }

    /// Takeoff and landing distances with runway comparison.
    public static func describe(_ r: PerformanceResult) -> String {
        var out = ["\(r.profileName): PA \(fmt(r.pressureAltitudeFt)) ft, OAT \(fmt(r.temperatureC, 1)) °C, weight \(fmt(r.weight)) \(r.weightUnit), "
            + (r.headwindKt >= 0 ? "headwind \(fmt(r.headwindKt)) kt" : "TAILWIND \(fmt(-r.headwindKt)) kt") + ", \(r.surface == .grass ? "dry grass" : "paved dry") runway"]
        for f in [r.takeoff, r.landing].compactMap({ $0 }) {
            var s = "\(f.kind.capitalized): ground roll \(fmt(f.groundRoll)) \(f.unit), over 50 ft \(fmt(f.over50Ft)) \(f.unit)"
            s += " (table \(fmt(f.tableGroundRoll))/\(fmt(f.tableOver50Ft)) \(f.unit) at \(fmt(f.tableWeight)) \(r.weightUnit), wind ×\(fmt(f.windFactor, 3))"
            if f.grassIncrement > 0 { s += ", grass +\(fmt(f.grassIncrement)) \(f.unit)" }
            s += ")."
            if let avail = f.runwayAvailableFt, let margin = f.marginFt {
                s += margin >= 0 ? " Fits the \(avail) ft runway with \(fmt(margin)) ft to spare."
                    : " DOES NOT FIT the \(avail) ft runway: \(fmt(-margin)) ft short."
            }
            out.append(s)
            out.append("  Corrections: \(f.correctionNotes)" + (f.source.map { " [\($0)]" } ?? ""))
        }
        out += r.notes.map { "Note: \($0)." }
        out.append("Figures assume the POH technique and a well-maintained aircraft; add your own safety margin.")
        return out.joined(separator: "\n")
    }

    /// EU261/UK261 assessment.
    public static func describe(_ r: EU261Result) -> String {
        var what = r.cancelled ? "cancelled" : "delayed \(fmt(r.delayHours ?? 0, 1)) h on arrival"
        if r.cancelled, let n = r.noticeDays { what += " (\(n) days' notice)" }
        var out = ["\(r.from.code) (\(r.from.countryCode)) → \(r.to.code) (\(r.to.countryCode)): \(fmt(r.distanceKm)) km great-circle, \(what)."]
        for a in r.assessments {
            let symbol = a.currency == "EUR" ? "€" : "£"
            let amount = a.amountDue.map { $0 == 0 ? "nothing due" : "\(symbol)\($0) due" } ?? "depends on facts not given (up to \(symbol)\(a.fullAmount))"
            out.append("\(a.regime): \(a.applies ? amount : "does not apply"). \(a.reason)")
        }
        out += r.caveats.map { "Caveat: \($0)" }
        return out.joined(separator: "\n")
    }

    /// Aircraft type lookup results.
    public static func describe(_ types: [AircraftTypeInfo], query: String) -> String {
        if types.isEmpty { return "No aircraft type matches '\(query)' in the offline data." }
        return types.map { t in
            var lines: [String] = []
            if let d = t.designator {
                lines.append("\(d): \(t.descriptionText ?? t.description ?? "") (\(t.description ?? "")), wake category \(t.wtc ?? "?"), \(t.engineCount ?? "?") × \(t.engineType ?? "?")")
                let models = t.models.prefix(6).joined(separator: "; ") + (t.models.count > 6 ? "; … (\(t.models.count) models)" : "")
                lines.append("  Models: \(models)")
            } else {
                lines.append("\(t.cruiseName ?? query): no single ICAO designator in the offline data")
            }
            if let c = t.cruiseKt {
                lines.append("  Typical cruise: \(c) KTAS" + (t.cruiseRangeKt.map { " (range \($0) kt)" } ?? "") + " — rounded planning value, not a POH figure")
            } else {
                lines.append("  No cruise speed in the offline data.")
            }
            return lines.joined(separator: "\n")
        }.joined(separator: "\n")
    }

    /// Minutes as "1:05" (h:mm).
    static func minutes(_ m: Double) -> String {
        let total = Int(m.rounded())
        return String(format: "%d:%02d", total / 60, total % 60)
    }
}
