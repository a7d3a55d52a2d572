#!/bin/sh
# Coverage-guided fuzzing of the METAR/TAF parsers with libFuzzer and AddressSanitizer.
# Usage: scripts/fuzz/run.sh [seconds]   (default 60; `make fuzz` runs it)
# Seeds: the real-report corpus (one report per file). Findings land in .build/fuzz/.
set -eu
cd "$(dirname "$0")/../.."
seconds="${1:-60}"
out=.build/fuzz
mkdir -p "$out/seeds" "$out/found"
swiftc -O -sanitize=fuzzer,address -parse-as-library -module-name AviationWeather \
    Sources/AviationWeather/*.swift scripts/fuzz/WeatherFuzzer.swift -o "$out/weather-fuzzer"
n=0
for f in Tests/AviationWeatherTests/Corpus/metars.txt Tests/AviationWeatherTests/Corpus/tafs.txt; do
    grep -v '^#' "$f" | while IFS= read -r line; do
        n=$((n + 1)); printf '%s' "$line" > "$out/seeds/$(basename "$f" .txt)-$n"
    done
done
"$out/weather-fuzzer" -max_total_time="$seconds" -max_len=4096 -timeout=5 \
    -artifact_prefix="$out/found/" "$out/seeds"
