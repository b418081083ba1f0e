// SPDX-License-Identifier: MIT
#include "options.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdlib>

namespace tutor::live {

namespace {

struct OpName {
    Op op;
    std::string_view cli;
    std::string_view ncclTests;
};
constexpr std::array kOps {
    OpName { Op::AllReduce, "allreduce", "all_reduce" },
    OpName { Op::ReduceScatter, "reducescatter", "reduce_scatter" },
    OpName { Op::AllGather, "allgather", "all_gather" },
    OpName { Op::Broadcast, "broadcast", "broadcast" },
    OpName { Op::Reduce, "reduce", "reduce" },
    OpName { Op::AllToAll, "alltoall", "alltoall" },
    OpName { Op::SendRecv, "sendrecv", "sendrecv" },
};

std::optional<long long> toInt(std::string_view s)
{
    long long v = 0;
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc {} || p != s.data() + s.size())
        return std::nullopt;
    return v;
}

std::optional<double> toDouble(std::string_view s)
{
    std::string text(s);
    char* end = nullptr;
    const double v = std::strtod(text.c_str(), &end);
    if (text.empty() || end != text.c_str() + text.size() || !std::isfinite(v))
        return std::nullopt;
    return v;
}

std::string bad(std::string_view flag, std::string_view value, std::string_view rule)
{
    return std::string(flag) + " = " + std::string(value) + ": " + std::string(rule);
}

} // namespace

std::string_view opName(Op op)
{
    for (const auto& o : kOps)
        if (o.op == op)
            return o.cli;
    return "?";
}

std::string_view ncclTestsName(Op op)
{
    for (const auto& o : kOps)
        if (o.op == op)
            return o.ncclTests;
    return "?";
}

std::string opNames()
{
    std::string out;
    for (const auto& o : kOps)
        out += (out.empty() ? "" : ", ") + std::string(o.cli);
    return out;
}

std::optional<Op> parseOp(std::string_view text)
{
    std::string key;
    for (char c : text)
        if (c != '_' && c != '-')
            key.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
    for (const auto& o : kOps)
        if (o.cli == key)
            return o.op;
    return std::nullopt;
}

OptionsResult parseOptions(const std::vector<std::string_view>& args)
{
    OptionsResult r;
    Options& o = r.options;
    for (std::size_t i = 0; i < args.size(); ++i) {
        std::string_view flag = args[i];
        std::string_view value;
        bool hasInline = false;
        if (flag.starts_with("--")) {
            if (auto eq = flag.find('='); eq != std::string_view::npos) {
                value = flag.substr(eq + 1);
                flag = flag.substr(0, eq);
                hasInline = true;
            }
        }
        auto isSwitch = [&](std::initializer_list<std::string_view> names) {
            for (auto n : names)
                if (flag == n)
                    return true;
            return false;
        };
        if (isSwitch({ "-h", "--help" })) {
            o.help = true;
            continue;
        }
        if (isSwitch({ "--version" })) {
            o.version = true;
            continue;
        }
        if (isSwitch({ "--json" })) {
            o.json = true;
            continue;
        }
        if (isSwitch({ "--overlap" })) {
            o.overlap = true;
            continue;
        }
        static constexpr std::string_view kValueFlags[] = { "--backend", "--op", "-o", "-b", "--minbytes", "-e",
            "--maxbytes", "-f", "--stepfactor", "-i", "--stepbytes", "-n", "--iters", "-w", "--warmup_iters",
            "--warmup", "-c", "--check", "-d", "--dtype", "-r", "--root", "--inplace", "--timeout-s", "--overlap-bytes",
            "--compute-us", "-g", "--ngpus", "--expect-ranks" };
        if (std::find(std::begin(kValueFlags), std::end(kValueFlags), flag) == std::end(kValueFlags)) {
            r.error = std::string(flag) + ": unknown flag (see --help)";
            return r;
        }
        if (!hasInline) {
            if (i + 1 >= args.size()) {
                r.error = std::string(flag) + ": needs a value (see --help)";
                return r;
            }
            value = args[++i];
        }
        auto bytesOf = [&](model::Bytes& out) {
            auto b = model::parseBytes(value);
            if (!b || *b < 1 || *b > model::kMaxMessageBytes)
                r.error = bad(flag, value, "must be a size from 1 B to 1 TiB such as 8, 64K, 8M, 1G");
            else
                out = *b;
        };
        auto intOf = [&](int& out, long long min, long long max) {
            auto v = toInt(value);
            if (!v || *v < min || *v > max)
                r.error = bad(
                    flag, value, "must be an integer in [" + std::to_string(min) + ", " + std::to_string(max) + "]");
            else
                out = static_cast<int>(*v);
        };
        auto boolOf = [&](bool& out) {
            if (value == "0" || value == "1")
                out = value == "1";
            else
                r.error = bad(flag, value, "must be 0 or 1");
        };
        if (isSwitch({ "--backend" })) {
            if (auto kind = parseBackendKind(value))
                o.backend = *kind;
            else
                r.error = bad(flag, value, "must be one of " + backendNames());
        } else if (isSwitch({ "--op", "-o" })) {
            if (auto op = parseOp(value))
                o.op = *op;
            else
                r.error = bad(flag, value, "must be one of " + opNames());
        } else if (isSwitch({ "-b", "--minbytes" })) {
            bytesOf(o.minBytes);
        } else if (isSwitch({ "-e", "--maxbytes" })) {
            bytesOf(o.maxBytes);
        } else if (isSwitch({ "-f", "--stepfactor" })) {
            intOf(o.stepFactor, 2, 1024);
        } else if (isSwitch({ "-i", "--stepbytes" })) {
            bytesOf(o.stepBytes);
        } else if (isSwitch({ "-n", "--iters" })) {
            intOf(o.iterations, 1, 1000000);
        } else if (isSwitch({ "-w", "--warmup_iters", "--warmup" })) {
            intOf(o.warmup, 0, 1000000);
        } else if (isSwitch({ "-c", "--check" })) {
            boolOf(o.check);
        } else if (isSwitch({ "-d", "--dtype" })) {
            if (auto d = model::parseDType(value))
                o.dtype = *d;
            else
                r.error = bad(flag, value, "must be a type such as float, double, half, bfloat16, int32, int8");
        } else if (isSwitch({ "-r", "--root" })) {
            intOf(o.root, 0, 1 << 20);
        } else if (isSwitch({ "--inplace" })) {
            boolOf(o.inPlace);
        } else if (isSwitch({ "--timeout-s" })) {
            auto v = toDouble(value);
            if (!v || *v < 0 || *v > 86400)
                r.error = bad(flag, value, "must be seconds in [0, 86400] (0 turns the watchdog off)");
            else
                o.timeoutSeconds = *v;
        } else if (isSwitch({ "--overlap-bytes" })) {
            bytesOf(o.overlapBytes);
        } else if (isSwitch({ "--compute-us" })) {
            auto v = toDouble(value);
            if (!v || *v < 0 || *v > 60e6)
                r.error = bad(flag, value, "must be microseconds in [0, 6e7]");
            else
                o.computeUs = *v;
        } else if (isSwitch({ "-g", "--ngpus" })) {
            intOf(o.gpus, 1, 1024);
        } else if (isSwitch({ "--expect-ranks" })) {
            intOf(o.expectRanks, 1, 1 << 20);
        } else {
            r.error = std::string(flag) + ": unknown flag (see --help)";
        }
        if (!r.ok())
            return r;
    }
    if (o.minBytes > o.maxBytes)
        r.error = bad("-b", std::to_string(o.minBytes), "must not exceed -e = " + std::to_string(o.maxBytes));
    else if (sweepSizes(o).size() > 4096)
        r.error = bad("-i", std::to_string(o.stepBytes), "gives more than 4096 sizes; use a larger step or -f");
    return r;
}

std::vector<model::Bytes> sweepSizes(const Options& o)
{
    std::vector<model::Bytes> sizes;
    for (model::Bytes s = o.minBytes; s <= o.maxBytes && sizes.size() <= 4096;) {
        sizes.push_back(s);
        s = o.stepBytes > 0 ? s + o.stepBytes : s * o.stepFactor;
    }
    return sizes;
}

std::string helpText()
{
    return R"(commtutor-live: run real collectives and report them as nccl-tests does.

Usage: commtutor-live [flags]
       mpirun -np N commtutor-live --backend mpi [flags]
       mpirun -np N commtutor-live --backend nccl [flags]   (one GPU per process, NCCL id over MPI)

Flags (nccl-tests spelling where one exists):
  --backend mpi|nccl      communication library (default mpi): MPI on host buffers, or CUDA + NCCL
  --op NAME, -o NAME      allreduce (default), reducescatter, allgather, broadcast, reduce, alltoall, sendrecv
  -b, --minbytes SIZE     smallest size S (default 8); sizes take K/M/G suffixes (powers of 1024)
  -e, --maxbytes SIZE     largest size S (default 64M)
  -f, --stepfactor N      multiply the size by N each step (default 2)
  -i, --stepbytes SIZE    add SIZE each step instead of multiplying
  -n, --iters N           timed iterations per size (default 20)
  -w, --warmup_iters N    untimed warm-up iterations per size (default 5)
  -c, --check 0|1         check every timed size for wrong elements (default 1)
  -d, --dtype TYPE        float (default), double, int8, uint8, int32, uint32, int64, uint64; NCCL also half,
                          bfloat16
  -r, --root N            root rank of broadcast and reduce (default 0)
  --inplace 0|1           1 (default): run the out-of-place and the in-place column; 0: out-of-place only
  -g, --ngpus N           NCCL without mpirun: GPUs driven by this process (default: all visible)
  --expect-ranks N        fail (exit 7) unless the communicator has N ranks
  --timeout-s SECONDS     watchdog: abort when one size makes no progress for this long (default 60, 0 = off)
  --overlap               after the sweep, run the overlap experiment: compute alone, collective alone, both
  --overlap-bytes SIZE    size of the overlap experiment's collective (default: the -e size)
  --compute-us US         overlap compute duration (default: as long as the collective alone, as OSU does)
  --json                  JSON Lines on stdout instead of the table: hello, progress, measurement, overlap,
                          error, done; every record has "type" and "protocol": 1
  --version               print the version and the backends built in
  -h, --help              this text

Output: size and count follow nccl-tests (S is the whole array for reducescatter, allgather, alltoall);
time is the mean per iteration of the slowest rank in microseconds; algbw = S/time, busbw = algbw times
2(n-1)/n (allreduce), (n-1)/n (reducescatter, allgather, alltoall) or 1; GB/s = 1e9 bytes/s.
Only rank 0 prints, except a rank that hits an error, which prints its error record before aborting.

Exit codes:
  0  success
  1  usage: a bad flag or value
  2  the backend was not built into this binary
  3  no CUDA device, or fewer GPUs than asked
  4  a CUDA, NCCL or MPI call failed (the error names the call)
  5  the correctness check found wrong elements
  6  time-out: the watchdog aborted a collective that made no progress for --timeout-s
  7  rank mismatch: the communicator's rank count is not --expect-ranks, or ranks disagree
)";
}

} // namespace tutor::live
