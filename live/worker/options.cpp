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

std::string lower(std::string_view text)
{
    std::string out;
    for (char c : text)
        out.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
    return out;
}

constexpr std::array kRedOps { RedOp::Sum, RedOp::Prod, RedOp::Max, RedOp::Min, RedOp::Avg };
/// nccl-tests' "-d all" order (test_types in src/common.cu), fp8 left out as it does before Hopper.
constexpr std::array kAllTypes { model::DType::Int8, model::DType::Uint8, model::DType::Int32, model::DType::Uint32,
    model::DType::Int64, model::DType::Uint64, model::DType::Fp16, model::DType::Fp32, model::DType::Fp64,
    model::DType::Bf16 };

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

std::string_view redOpName(RedOp op)
{
    switch (op) {
    case RedOp::Sum:
        return "sum";
    case RedOp::Prod:
        return "prod";
    case RedOp::Max:
        return "max";
    case RedOp::Min:
        return "min";
    case RedOp::Avg:
        return "avg";
    }
    return "?";
}

std::optional<RedOp> parseRedOp(std::string_view text)
{
    for (RedOp op : kRedOps)
        if (lower(text) == redOpName(op))
            return op;
    return std::nullopt;
}

std::optional<model::Bytes> parseNcclTestsSize(std::string_view text)
{
    std::string s(text);
    char* end = nullptr;
    const double number = std::strtod(s.c_str(), &end);
    if (s.empty() || end == s.c_str() || !std::isfinite(number) || number < 0)
        return std::nullopt;
    std::string suffix = lower(std::string_view(end));
    while (!suffix.empty() && suffix.front() == ' ')
        suffix.erase(0, 1);
    double scale = 1;
    if (!suffix.empty() && suffix != "b") {
        const char unit = suffix.front();
        const std::string rest = suffix.substr(1);
        if (rest != "" && rest != "b" && rest != "ib")
            return std::nullopt;
        if (unit == 'k')
            scale = 1024.0;
        else if (unit == 'm')
            scale = 1024.0 * 1024;
        else if (unit == 'g')
            scale = 1024.0 * 1024 * 1024;
        else
            return std::nullopt;
    }
    const double bytes = number * scale;
    if (bytes > 9.2e18)
        return std::nullopt;
    return static_cast<model::Bytes>(bytes); // nccl-tests truncates: (size_t)parsed
}

namespace {
/// nccl-tests' --op takes the reduction op; the names never clash with a collective's.
bool isRedOpValue(std::string_view value)
{
    return lower(value) == "all" || parseRedOp(value).has_value();
}
} // namespace

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
        } else if (flag.size() > 2 && flag[0] == '-' && std::isalpha(static_cast<unsigned char>(flag[1]))) {
            // getopt's "-n5" spelling.
            value = flag.substr(2);
            flag = flag.substr(0, 2);
            hasInline = true;
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
        if (isSwitch({ "--jsonl", "--json" })) {
            o.jsonLines = true;
            continue;
        }
        if (isSwitch({ "--overlap" })) {
            o.overlap = true;
            continue;
        }
        static constexpr std::string_view kValueFlags[]
            = { "--backend", "--op", "--collective", "-o", "--redop", "-b", "--minbytes", "-e", "--maxbytes", "-f",
                  "--stepfactor", "-i", "--stepbytes", "-n", "--iters", "-w", "--warmup_iters", "-c", "--check", "-d",
                  "--datatype", "-r", "--root", "-t", "--nthreads", "-g", "--ngpus", "-z", "--blocking", "-G",
                  "--cudagraph", "-T", "--timeout", "--timeout-s", "-a", "--average", "-I", "--per_iter_timing", "-J",
                  "--output_file", "--inplace", "--overlap-bytes", "--compute-us", "--expect-ranks" };
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
            auto b = parseNcclTestsSize(value);
            if (!b || *b < 1 || *b > model::kMaxMessageBytes)
                r.error = bad(
                    flag, value, "must be a size from 1 B to 1 TiB such as 8, 64K, 8M, 1G (K, M, G: 2^10, 2^20, 2^30)");
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
        } else if (isSwitch({ "--op", "--collective" }) && !(flag == "--op" && isRedOpValue(value))) {
            if (auto op = parseOp(value))
                o.op = *op;
            else
                r.error = bad(flag, value, "must be one of " + opNames() + " (or a reduction op as nccl-tests' --op)");
        } else if (isSwitch({ "-o", "--redop", "--op" })) {
            if (lower(value) == "all")
                o.redops.assign(kRedOps.begin(), kRedOps.end());
            else if (auto op = parseRedOp(value))
                o.redops = { *op };
            else if (parseOp(value))
                r.error = bad(flag, value,
                    "-o is the reduction op as in nccl-tests (sum, prod, max, min, avg, all); choose the collective "
                    "with --op "
                        + std::string(value));
            else
                r.error = bad(flag, value, "must be one of sum, prod, max, min, avg, all");
        } else if (isSwitch({ "-b", "--minbytes" })) {
            bytesOf(o.minBytes);
        } else if (isSwitch({ "-e", "--maxbytes" })) {
            bytesOf(o.maxBytes);
        } else if (isSwitch({ "-f", "--stepfactor" })) {
            intOf(o.stepFactor, 1, 1024);
        } else if (isSwitch({ "-i", "--stepbytes" })) {
            bytesOf(o.stepBytes);
        } else if (isSwitch({ "-n", "--iters" })) {
            intOf(o.iterations, 1, 1000000);
        } else if (isSwitch({ "-w", "--warmup_iters" })) {
            intOf(o.warmup, 0, 1000000);
        } else if (isSwitch({ "-c", "--check" })) {
            intOf(o.checkIterations, 0, 1000000);
        } else if (isSwitch({ "-d", "--datatype" })) {
            if (lower(value) == "all")
                o.dtypes.assign(kAllTypes.begin(), kAllTypes.end());
            else if (auto d = model::parseDType(value))
                o.dtypes = { *d };
            else
                r.error = bad(flag, value, "must be a type such as float, double, half, bfloat16, int32, int8, or all");
        } else if (isSwitch({ "-r", "--root" })) {
            intOf(o.root, -1, 1 << 20);
        } else if (isSwitch({ "-t", "--nthreads" })) {
            intOf(o.threads, 1, 1);
            if (!r.ok())
                r.error += " (commtutor-live drives its GPUs from one thread; use -g for several GPUs)";
        } else if (isSwitch({ "-g", "--ngpus" })) {
            intOf(o.gpus, 1, 1024);
        } else if (isSwitch({ "-z", "--blocking" })) {
            intOf(o.blocking, 0, 3);
        } else if (isSwitch({ "-G", "--cudagraph" })) {
            intOf(o.graphLaunches, 0, 0);
            if (!r.ok())
                r.error += " (commtutor-live does not capture CUDA graphs)";
        } else if (isSwitch({ "-T", "--timeout", "--timeout-s" })) {
            auto v = toDouble(value);
            if (!v || *v < 0 || *v > 86400)
                r.error = bad(flag, value, "must be seconds in [0, 86400] (0 turns the watchdog off)");
            else
                o.timeoutSeconds = *v;
        } else if (isSwitch({ "-a", "--average" })) {
            int a = 1;
            intOf(a, 0, 3);
            o.average = static_cast<TimeAcrossRanks>(a);
        } else if (isSwitch({ "-I", "--per_iter_timing" })) {
            boolOf(o.perIteration);
        } else if (isSwitch({ "-J", "--output_file" })) {
            if (value.empty())
                r.error = bad(flag, value, "must be a file name");
            else
                o.jsonFile = std::string(value);
        } else if (isSwitch({ "--inplace" })) {
            boolOf(o.inPlace);
        } else if (isSwitch({ "--overlap-bytes" })) {
            bytesOf(o.overlapBytes);
        } else if (isSwitch({ "--compute-us" })) {
            auto v = toDouble(value);
            if (!v || *v < 0 || *v > 60e6)
                r.error = bad(flag, value, "must be microseconds in [0, 6e7]");
            else
                o.computeUs = *v;
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
        s = o.stepFactor > 1 ? s * o.stepFactor : s + o.stepBytes;
    }
    return sizes;
}

std::vector<std::optional<RedOp>> redopsFor(const Options& o)
{
    if (!reduces(o.op) && o.op != Op::SendRecv)
        return { std::nullopt };
    return { o.redops.begin(), o.redops.end() };
}

std::vector<int> rootsFor(const Options& o, int ranks)
{
    if (!isRooted(o.op))
        return { -1 };
    if (o.root >= 0)
        return { o.root };
    std::vector<int> all;
    for (int r = 0; r < ranks; ++r)
        all.push_back(r);
    return all;
}

std::string helpText()
{
    return R"(commtutor-live: run real collectives and report them as nccl-tests does.

Usage: commtutor-live [flags]
       mpirun -np N commtutor-live --backend mpi [flags]
       mpirun -np N commtutor-live --backend nccl [flags]   (one GPU per process, NCCL id over MPI)

Flags have nccl-tests' meanings and defaults (src/common.cu); sizes take K, M, G as 2^10, 2^20, 2^30.
  --backend mpi|nccl      communication library (default mpi): MPI on host buffers, or CUDA + NCCL
  --op NAME               the collective, which nccl-tests picks by binary: allreduce (default), reducescatter,
                          allgather, broadcast, reduce, alltoall, sendrecv
  -b, --minbytes SIZE     smallest size S (default 32M)
  -e, --maxbytes SIZE     largest size S (default 32M)
  -i, --stepbytes SIZE    add SIZE each step (default 1M), used when -f is 1
  -f, --stepfactor N      multiply the size by N each step (default 1: use -i)
  -n, --iters N           timed iterations per size (default 20)
  -w, --warmup_iters N    untimed warm-up iterations per size (default 1)
  -c, --check N           correctness checks per size (default 1); 0 prints N/A for #wrong
  -o, --redop OP          reduction: sum (default), prod, max, min, avg (NCCL only), all; nccl-tests'
                          spelling --op OP also works (the reduction names never clash with a collective)
  -d, --datatype TYPE     float (default), double, int8, uint8, int32, uint32, int64, uint64; NCCL also half,
                          bfloat16; all (every type the backend can run)
  -r, --root N            root rank of broadcast and reduce (default 0); -1: every rank in turn
  -t, --nthreads N        threads per process (only 1)
  -g, --ngpus N           GPUs driven by this process (NCCL; default 1)
  -z, --blocking N        0 (default); 1, 2, 3: wait for each iteration to finish before the next (NCCL)
  -G, --cudagraph N       CUDA graph launches (only 0)
  -T, --timeout SECONDS   watchdog: abort when a rank makes no progress (no iteration, no slice of a buffer
                          fill or check finishes) for this long (default 0 = off); the rank that stopped
                          reports itself; also --timeout-s
  -a, --average N         time across ranks: 0 rank 0, 1 mean (default), 2 minimum, 3 maximum
  -I, --per_iter_timing 0|1  1: add i_min, i_max, i_p99, i_cv% after each half of a row
  -J, --output_file FILE  also write nccl-tests' JSON document (version 3) to FILE (FILE.0, FILE.1, ... when
                          it exists)
  --inplace 0|1           1 (default): run the out-of-place and the in-place column; 0: out-of-place only, the
                          in-place columns print N/A
  --expect-ranks N        fail (exit 7) unless the communicator has N ranks
  --overlap               after the sweep, run the overlap experiment: compute alone, collective alone, both
  --overlap-bytes SIZE    size of the overlap experiment's collective (default: the -e size)
  --compute-us US         overlap compute duration (default: as long as the collective alone, as OSU does)
  --jsonl                 JSON Lines on stdout instead of the table (the app's protocol): hello, progress,
                          measurement, overlap, error, done; every record has "type" and "protocol": 1
  --version               print the version and the backends built in
  -h, --help              this text

Output: nccl-tests' table. size is S in bytes (the whole array for reducescatter, allgather, alltoall), count
the elements each rank passes to the call (S / type size / ranks for those three); time is the mean per
iteration in microseconds, combined across ranks as -a says; algbw = S/time, busbw = algbw times 2(n-1)/n
(allreduce), (n-1)/n (reducescatter, allgather, alltoall) or 1; GB/s = 1e9 bytes/s.
Only rank 0 prints, except a rank that hits an error, which prints its error record before aborting.

Exit codes:
  0  success
  1  usage: a bad flag or value
  2  the backend was not built into this binary
  3  no CUDA device, or fewer GPUs than asked
  4  a CUDA, NCCL or MPI call failed (the error names the call)
  5  the correctness check found wrong elements
  6  time-out: the watchdog aborted a collective that made no progress for -T seconds
  7  rank mismatch: the communicator's rank count is not --expect-ranks, or ranks disagree
  8  out of memory: the buffers (2 x S per rank) do not fit in the memory of a rank, or allocating them failed
  9  internal error: an unexpected exception in the worker (the error record names it)
Every failure is reported before the exit: an error record with --jsonl, else a line on stderr.
)";
}

} // namespace tutor::live
