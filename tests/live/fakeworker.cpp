// SPDX-License-Identifier: MIT
// A stand-in for commtutor-live that misbehaves on purpose, for the client's fault tests.
// Usage: tutor_fake_worker MODE, MODE one of
//   ok, crash (abort), sigkill, hang, garbage, error, midline, unknown, version,
//   watchdog (hangs under the worker's real Watchdog armed for 0.2 s, which reports and exits with 6),
//   watchdog-call (the same, hanging inside a marked library call), watchdog-progress (beats for 1 s under a
//   0.3 s watchdog, then finishes), deep (a deeply nested line), longline (2 MiB, then a newline),
//   endless (output without a newline until stopped), utf8 (UTF-8 in records, split across writes),
//   done-then-fail (done, then exit 4), done-then-crash (done, then abort), out-of-range (measurements with count >
//   bytes and time_us = -4).
#include "live/protocol/protocol.h"
#include "live/worker/output.h"
#include "live/worker/watchdog.h"

#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>
#include <unistd.h>

using namespace tutor::live;

namespace {

void emit(const Record& r)
{
    const std::string line = encode(r) + "\n";
    std::fwrite(line.data(), 1, line.size(), stdout);
    std::fflush(stdout);
}

void emitRaw(const std::string& text)
{
    std::fwrite(text.data(), 1, text.size(), stdout);
    std::fflush(stdout);
}

/// The worker's watchdog as main.cpp wires it, reporting for rank 0.
int hangUnderWatchdog(bool insideCall)
{
    JsonLinesOutput out(stdout, true);
    Heartbeat heartbeat;
    Watchdog watchdog(
        heartbeat,
        [&out](const Stall& stall) {
            out.error({ "watchdog", stallMessage(stall, 0), static_cast<int>(ExitCode::Timeout), 0 });
        },
        static_cast<int>(ExitCode::Timeout));
    watchdog.arm(0.2, "allreduce of 4096 B");
    if (insideCall)
        heartbeat.enterCall("MPI_Allreduce");
    for (;;)
        pause();
}

MeasurementRecord measurement(std::int64_t bytes)
{
    MeasurementRecord m;
    m.op = "allreduce";
    m.bytes = bytes;
    m.count = bytes / 4;
    m.dtype = "float";
    m.ranks = 2;
    m.timeUs = 10 + static_cast<double>(bytes) / 1000;
    m.algBwGBps = static_cast<double>(bytes) / m.timeUs / 1e3;
    m.busBwGBps = m.algBwGBps;
    m.iterations = 5;
    return m;
}

} // namespace

int main(int argc, char** argv)
{
    const std::string mode = argc > 1 ? argv[1] : "ok";
    HelloRecord hello;
    hello.backend = "fake";
    hello.ranks = 2;
    hello.op = "allreduce";
    emit(hello);
    emit(ProgressRecord { "allreduce", 1024, 0, 3, false });
    emit(measurement(1024));
    if (mode == "ok") {
        emit(measurement(4096));
        emit(DoneRecord { 0, 2, 0, 0.1 });
        return 0;
    }
    if (mode == "crash") {
        emit(measurement(4096));
        std::abort();
    }
    if (mode == "hang") {
        for (;;)
            pause();
    }
    if (mode == "watchdog" || mode == "watchdog-call")
        return hangUnderWatchdog(mode == "watchdog-call");
    if (mode == "watchdog-progress") {
        // Longer than the time-out in all, but beating far more often: the watchdog must stay quiet.
        Heartbeat heartbeat;
        Watchdog watchdog(
            heartbeat, [](const Stall&) {}, static_cast<int>(ExitCode::Timeout));
        watchdog.arm(0.3, "allreduce of 4096 B");
        for (int i = 0; i < 20; ++i) {
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
            heartbeat.beat();
        }
        watchdog.disarm();
        emit(measurement(4096));
        emit(DoneRecord { 0, 2, 0, 0.1 });
        return 0;
    }
    if (mode == "sigkill") {
        emit(measurement(4096));
        raise(SIGKILL);
    }
    if (mode == "deep") {
        // 100000 levels: a reader that recursed per level would overflow its stack.
        emitRaw(R"({"type":"measurement","protocol":1,"deep":)" + std::string(100000, '[') + std::string(100000, ']')
            + "}\n");
        emit(DoneRecord { 0, 1, 0, 0.1 });
        return 0;
    }
    if (mode == "longline") {
        emitRaw(std::string(2 << 20, 'x') + "\n");
        emit(measurement(4096));
        emit(DoneRecord { 0, 2, 0, 0.1 });
        return 0;
    }
    if (mode == "endless") {
        const std::string block(64 << 10, 'x');
        for (;;)
            emitRaw(block);
    }
    if (mode == "utf8") {
        HelloRecord h = hello;
        h.hosts = { "节点-α" };
        emit(h);
        // "显存不足" split inside its second character, across two writes the reader sees apart.
        const std::string line
            = encode(ErrorRecord { "cudaMalloc", "显存不足 «8 GiB»", static_cast<int>(ExitCode::LibraryError), 1 })
            + "\n";
        const std::size_t at = line.find("显存");
        const std::size_t cut = at == std::string::npos ? line.size() / 2 : at + 4;
        emitRaw(line.substr(0, cut));
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        emitRaw(line.substr(cut));
        return static_cast<int>(ExitCode::LibraryError);
    }
    if (mode == "done-then-crash") {
        emit(measurement(4096));
        emit(DoneRecord { 0, 2, 0, 0.1 });
        std::abort();
    }
    if (mode == "done-then-fail") {
        emit(measurement(4096));
        emit(DoneRecord { 0, 2, 0, 0.1 });
        return static_cast<int>(ExitCode::LibraryError);
    }
    if (mode == "out-of-range") {
        // More elements than bytes (the reader's own check), then a negative time (the parser's).
        emitRaw(R"({"type":"measurement","protocol":1,"op":"allreduce","bytes":4096,"count":8192,"dtype":"float",)"
                R"("ranks":2,"in_place":false,"time_us":4,"algbw_GBps":1,"busbw_GBps":1,"wrong":0})"
                "\n");
        emitRaw(R"({"type":"measurement","protocol":1,"op":"allreduce","bytes":4096,"count":1024,"dtype":"float",)"
                R"("ranks":2,"in_place":false,"time_us":-4,"algbw_GBps":1,"busbw_GBps":1,"wrong":0})"
                "\n");
        emit(measurement(8192));
        emit(DoneRecord { 0, 2, 0, 0.1 });
        return 0;
    }
    if (mode == "garbage") {
        std::fputs("Segmentation fault in libfoo.so\n\x01\x02\xff\xfe binary\n", stdout);
        std::fflush(stdout);
        return 0;
    }
    if (mode == "error") {
        emit(ErrorRecord { "ncclAllReduce", "unhandled cuda error", static_cast<int>(ExitCode::LibraryError), 1 });
        return static_cast<int>(ExitCode::LibraryError);
    }
    if (mode == "midline") {
        std::fputs(R"({"type":"measurement","protocol":1,"op":"allre)", stdout);
        std::fflush(stdout);
        _exit(9);
    }
    if (mode == "unknown") {
        std::fputs(R"({"type":"telemetry","protocol":1,"watts":300})"
                   "\n",
            stdout);
        emit(DoneRecord { 0, 1, 0, 0.1 });
        return 0;
    }
    if (mode == "version") {
        std::fputs(R"({"type":"measurement","protocol":2,"op":"allreduce"})"
                   "\n",
            stdout);
        std::fflush(stdout);
        return 0;
    }
    return 1;
}
