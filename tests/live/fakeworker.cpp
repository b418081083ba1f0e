// SPDX-License-Identifier: MIT
// A stand-in for commtutor-live that misbehaves on purpose, for the client's fault tests.
// Usage: tutor_fake_worker ok|crash|hang|garbage|error|midline|unknown|version|watchdog
// ("watchdog" hangs under the worker's real Watchdog, armed for 0.2 s, which reports and exits with 6.)
#include "live/protocol/protocol.h"
#include "live/worker/output.h"
#include "live/worker/watchdog.h"

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <unistd.h>

using namespace tutor::live;

namespace {

void emit(const Record& r)
{
    const std::string line = encode(r) + "\n";
    std::fwrite(line.data(), 1, line.size(), stdout);
    std::fflush(stdout);
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
    if (mode == "watchdog") {
        JsonLinesOutput out(stdout, true);
        Watchdog watchdog(
            [&out](const std::string& what) {
                out.error({ "watchdog", what + " made no progress for 0.2 s; communicator aborted",
                    static_cast<int>(ExitCode::Timeout), 0 });
            },
            static_cast<int>(ExitCode::Timeout));
        watchdog.arm(0.2, "allreduce of 4096 B");
        for (;;)
            pause();
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
