// swift-tools-version:6.0
import PackageDescription

/// flyfun: an offline terminal assistant for pilots.
/// No package dependencies: system libraries (sqlite3, libedit) and Foundation only.
let package = Package(
    name: "flyfun",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "flyfun", targets: ["flyfun"]),
    ],
    targets: [
        .systemLibrary(name: "CSQLite", providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]),
        .systemLibrary(name: "CEditLine", providers: [.apt(["libedit-dev"]), .brew(["libedit"])]),
        .target(name: "SQLiteSupport", dependencies: ["CSQLite"]),
        .target(name: "AirportData", dependencies: ["SQLiteSupport"]),
        .target(name: "AviationWeather"),
        .target(name: "Notams", dependencies: ["SQLiteSupport"]),
        .target(name: "FlightPlanning", dependencies: ["SQLiteSupport", "AirportData"]),
        .target(name: "Understanding", dependencies: ["AirportData", "AviationWeather", "FlightPlanning"]),
        .target(name: "Assistant", dependencies: ["Understanding", "AirportData", "AviationWeather", "Notams", "FlightPlanning"]),
        .executableTarget(name: "flyfun", dependencies: ["Assistant", "CEditLine"]),
        .testTarget(name: "AirportDataTests", dependencies: ["AirportData"]),
        .testTarget(name: "AviationWeatherTests", dependencies: ["AviationWeather"], resources: [.copy("Corpus")]),
        .testTarget(name: "NotamsTests", dependencies: ["Notams"], exclude: ["Corpus"]),
        .testTarget(name: "FlightPlanningTests", dependencies: ["FlightPlanning"]),
        .testTarget(name: "UnderstandingTests", dependencies: ["Understanding"]),
        .testTarget(name: "AssistantTests", dependencies: ["Assistant"]),
    ]
)
