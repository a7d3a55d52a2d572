import AirportData
import Foundation
import Understanding

/// What a map would show for an answer; rendered as text in the terminal and carried
/// unchanged in `--json` for any graphical front end.
public struct VisualizationPayload: Sendable, Encodable, Equatable {
    /// The kinds the contract names.
    public enum Kind: String, Sendable, Encodable {
        case markers, pointWithMarkers = "point_with_markers", routeWithMarkers = "route_with_markers"
        case markerWithDetails = "marker_with_details", route, none
    }

    /// One labelled position.
    public struct Marker: Sendable, Encodable, Equatable {
        public var ident: String
        public var name: String
        public var latitude: Double
        public var longitude: Double
        /// departure, destination, center, result, waypoint (a nav log's intermediate point), notam
        public var role: String
        /// A radius around this position (a NOTAM's Q-line area), NM; absent when none.
        public var radiusNM: Double?

        enum CodingKeys: String, CodingKey { case ident, name, role, latitude = "lat", longitude = "lon", radiusNM = "radius_nm" }

        public init(ident: String, name: String, coordinate: Coordinate, role: String, radiusNM: Double? = nil) {
            self.ident = ident; self.name = name; self.latitude = coordinate.latitude; self.longitude = coordinate.longitude; self.role = role
            self.radiusNM = radiusNM
        }

        var coordinate: Coordinate { Coordinate(latitude: latitude, longitude: longitude) }
    }

    /// A route's end points.
    public struct RouteLine: Sendable, Encodable, Equatable {
        public var from: Marker
        public var to: Marker

        /// The route's turning points: departure, the `waypoint` markers in order, destination.
        func waypoints(with markers: [Marker]) -> [Coordinate] {
            [from.coordinate] + markers.filter { $0.role == "waypoint" }.map(\.coordinate) + [to.coordinate]
        }
    }

    public var kind: Kind
    public var markers: [Marker]
    public var route: RouteLine?
    public var point: Marker?
    public var radiusNM: Double?

    enum CodingKeys: String, CodingKey { case kind, markers, route, point, radiusNM = "radius_nm" }

    public init(kind: Kind, markers: [Marker] = [], route: RouteLine? = nil, point: Marker? = nil, radiusNM: Double? = nil) {
        self.kind = kind; self.markers = markers; self.route = route; self.point = point; self.radiusNM = radiusNM
    }

    /// No visualization.
    public static let none = VisualizationPayload(kind: .none)

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(kind, forKey: .kind)
        try c.encode(markers, forKey: .markers)
        try c.encodeIfPresent(route, forKey: .route)
        try c.encodeIfPresent(point, forKey: .point)
        try c.encodeIfPresent(radiusNM, forKey: .radiusNM)
    }
}

extension VisualizationPayload.Marker {
    /// A result marker for an airport.
    init(_ a: Airport, role: String = "result") {
        self.init(ident: a.ident, name: a.name, coordinate: a.coordinate, role: role)
    }
}
