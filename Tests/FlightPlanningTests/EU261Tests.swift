import Foundation
import Testing
@testable import FlightPlanning

@Suite("EU261 / UK261")
struct EU261Tests {
    let cdg = AirportPoint(code: "LFPG", countryCode: "FR", latitude: 49.0097, longitude: 2.5478)
    let mad = AirportPoint(code: "LEMD", countryCode: "ES", latitude: 40.4719, longitude: -3.5626)
    let fra = AirportPoint(code: "EDDF", countryCode: "DE", latitude: 50.0379, longitude: 8.5622)
    let jfk = AirportPoint(code: "KJFK", countryCode: "US", latitude: 40.6413, longitude: -73.7781)
    let lhr = AirportPoint(code: "EGLL", countryCode: "GB", latitude: 51.4700, longitude: -0.4543)
    let run = AirportPoint(code: "FMEE", countryCode: "RE", latitude: -20.8871, longitude: 55.5103)
    let ath = AirportPoint(code: "LGAV", countryCode: "GR", latitude: 37.9364, longitude: 23.9445)

    func eu(_ r: EU261Result) -> CompensationAssessment { r.assessments.first { $0.regime == "EU261" }! }
    func uk(_ r: EU261Result) -> CompensationAssessment { r.assessments.first { $0.regime == "UK261" }! }

    // Regulation (EC) No 261/2004 Art. 7(1)(a): flights of 1500 km or less → €250.
    // Paris CDG–Madrid is about 1,060 km great-circle.
    @Test("Paris CDG to Madrid, 4 h late: €250")
    func cdgMadrid() throws {
        let r = try EU261.compute(from: cdg, to: mad, delayHours: 4, cancelled: false, noticeDays: nil, carrierRegion: .other)
        #expect(abs(r.distanceKm - 1060) < 15)
        #expect(eu(r).applies && eu(r).amountDue == 250)
        #expect(!uk(r).applies)
        #expect(r.caveats.contains { $0.contains("extraordinary circumstances") })
    }

    // Art. 7(1)(c): over 3500 km (not intra-EU) → €600; Art. 7(2)(c) as applied to delays
    // (Sturgeon C-402/07): 3–4 h arrival delay on such a flight → 50 %, €300.
    @Test("Frankfurt to New York JFK: €600, or €300 for a 3–4 h delay")
    func frankfurtNewYork() throws {
        let five = try EU261.compute(from: fra, to: jfk, delayHours: 5, cancelled: false, noticeDays: nil, carrierRegion: .eu)
        #expect(five.distanceKm > 3500)
        #expect(eu(five).band == ">3500 km")
        #expect(eu(five).amountDue == 600)
        let threeAndHalf = try EU261.compute(from: fra, to: jfk, delayHours: 3.5, cancelled: false, noticeDays: nil, carrierRegion: .eu)
        #expect(eu(threeAndHalf).amountDue == 300)
        let two = try EU261.compute(from: fra, to: jfk, delayHours: 2.5, cancelled: false, noticeDays: nil, carrierRegion: .eu)
        #expect(eu(two).amountDue == 0)
    }

    // Art. 3(1)(b): inbound flights from a third country are covered only on a Community carrier.
    @Test("inbound to the EU depends on the carrier")
    func inbound() throws {
        let other = try EU261.compute(from: jfk, to: fra, delayHours: 5, cancelled: false, noticeDays: nil, carrierRegion: .other)
        #expect(!eu(other).applies)
        let euCarrier = try EU261.compute(from: jfk, to: fra, delayHours: 5, cancelled: false, noticeDays: nil, carrierRegion: .eu)
        #expect(eu(euCarrier).applies && eu(euCarrier).amountDue == 600)
        let unknown = try EU261.compute(from: jfk, to: fra, delayHours: 5, cancelled: false, noticeDays: nil, carrierRegion: nil)
        #expect(!eu(unknown).applies && eu(unknown).jurisdictionReason.contains("carrier not given"))
    }

    // UK261 (retained Regulation 261/2004): £220 / £350 / £520.
    @Test("London Heathrow to New York under UK261: £520; Heathrow to Paris: £220")
    func uk261() throws {
        let r = try EU261.compute(from: lhr, to: jfk, delayHours: 6, cancelled: false, noticeDays: nil, carrierRegion: .uk)
        #expect(uk(r).applies && uk(r).amountDue == 520 && uk(r).currency == "GBP")
        #expect(!eu(r).applies)
        let paris = try EU261.compute(from: lhr, to: cdg, delayHours: 3, cancelled: false, noticeDays: nil, carrierRegion: .eu)
        #expect(uk(paris).amountDue == 220)
        #expect(eu(paris).applies && eu(paris).amountDue == 250)   // inbound to the EU on an EU carrier
        #expect(paris.caveats.contains { $0.contains("only once") })
    }

    // Art. 7(1)(b): intra-Community flights over 1500 km → €400, even beyond 3500 km
    // (Paris–Réunion; Réunion is an EU outermost region with its own ISO code RE).
    @Test("intra-EU over 3500 km is €400; 1500–3500 km is €400")
    func intraEU() throws {
        let r = try EU261.compute(from: cdg, to: run, delayHours: 5, cancelled: false, noticeDays: nil, carrierRegion: .eu)
        #expect(r.distanceKm > 3500)
        #expect(eu(r).amountDue == 400)
        let athens = try EU261.compute(from: cdg, to: ath, delayHours: 3, cancelled: false, noticeDays: nil, carrierRegion: .eu)
        #expect(athens.distanceKm > 1500 && athens.distanceKm < 3500)
        #expect(eu(athens).amountDue == 400)
    }

    // Art. 5(1)(c): ≥14 days' notice → nothing; 7–13 days: re-routing ≤2 h early and <4 h late → nothing;
    // <7 days: ≤1 h early and <2 h late → nothing. Art. 7(2): re-routing within 2/3/4 h → 50 %.
    @Test("cancellations follow the notice and re-routing rules")
    func cancellations() throws {
        let early = try EU261.compute(from: cdg, to: mad, delayHours: nil, cancelled: true, noticeDays: 20, carrierRegion: .eu)
        #expect(eu(early).amountDue == 0)
        let rerouted = try EU261.compute(from: cdg, to: mad, delayHours: nil, cancelled: true, noticeDays: 3, carrierRegion: .eu,
                                         reroutingDepartureEarlierHours: 0.5, reroutingArrivalDelayHours: 1.5)
        #expect(eu(rerouted).amountDue == 0)
        let half = try EU261.compute(from: cdg, to: ath, delayHours: nil, cancelled: true, noticeDays: 3, carrierRegion: .eu,
                                     reroutingDepartureEarlierHours: 0, reroutingArrivalDelayHours: 2.5)
        #expect(eu(half).amountDue == 200)
        let full = try EU261.compute(from: cdg, to: mad, delayHours: nil, cancelled: true, noticeDays: 10, carrierRegion: .eu,
                                     reroutingDepartureEarlierHours: 0, reroutingArrivalDelayHours: 5)
        #expect(eu(full).amountDue == 250)
        let unknown = try EU261.compute(from: cdg, to: mad, delayHours: nil, cancelled: true, noticeDays: 10, carrierRegion: .eu)
        #expect(eu(unknown).amountDue == nil)
        #expect(PlanningDescriber.describe(unknown).contains("depends on facts not given"))
    }

    @Test("bad input is named")
    func badInput() {
        let bad = AirportPoint(code: "XXXX", countryCode: "FRA", latitude: 0, longitude: 0)
        #expect(errorText { _ = try EU261.compute(from: bad, to: mad, delayHours: 4, cancelled: false, noticeDays: nil, carrierRegion: nil) }?.contains("'FRA'") == true)
        #expect(errorText { _ = try EU261.compute(from: cdg, to: mad, delayHours: -2, cancelled: false, noticeDays: nil, carrierRegion: nil) }?.contains("-2 h") == true)
        #expect(errorText { _ = try EU261.compute(from: cdg, to: mad, delayHours: nil, cancelled: false, noticeDays: nil, carrierRegion: nil) } != nil)
    }
}
