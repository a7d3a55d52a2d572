import Testing
@testable import AirportData

@Suite("Great-circle geometry")
struct GeodesyTests {
    let egll = Coordinate(latitude: 51.4706, longitude: -0.461941)
    let lfpg = Coordinate(latitude: 49.0097, longitude: 2.5479)

    @Test("London Heathrow to Paris CDG is about 188 NM on an initial course of about 141° true")
    func heathrowToCDG() {
        // Published great-circle distance LHR–CDG: 348 km = 188 NM. The course: 2.46° south and
        // 3.01° east at 50° N (1.93° of arc) gives atan2(1.93, -2.46) ≈ 142° on a flat chart,
        // slightly less on the great circle.
        #expect(abs(Geodesy.distanceNM(egll, lfpg) - 188) < 2)
        #expect(abs(Geodesy.initialCourse(egll, lfpg) - 141) < 1.5)
    }

    @Test("a point beyond the departure is measured to the departure, not to the infinite great circle")
    func clampedBehindDeparture() {
        let from = Coordinate(latitude: 50, longitude: 0), to = Coordinate(latitude: 50, longitude: 2)
        let behind = Coordinate(latitude: 50, longitude: -1)
        let p = Geodesy.segmentPosition(of: behind, from: from, to: to)
        #expect(abs(p.offTrackNM - Geodesy.distanceNM(behind, from)) < 0.01)
        #expect(p.alongTrackNM == 0)
    }

    @Test("a point abeam the middle of a segment is measured across track")
    func abeam() {
        let from = Coordinate(latitude: 0, longitude: 0), to = Coordinate(latitude: 0, longitude: 2)
        let p = Geodesy.segmentPosition(of: Coordinate(latitude: 0.5, longitude: 1), from: from, to: to)
        #expect(abs(p.offTrackNM - 30) < 0.2)
        #expect(abs(p.alongTrackNM - 60) < 0.5)
    }

    @Test("a bounding box crossing the antimeridian splits in two")
    func antimeridian() {
        let box = Geodesy.boundingBox(center: Coordinate(latitude: 0, longitude: 179.9), radiusNM: 60)
        #expect(box.normalized.count == 2)
    }
}
