// SPDX-License-Identifier: MIT
#pragma once
// A full disk on demand: runs a function in a forked child whose file-size limit (RLIMIT_FSIZE) is a few bytes,
// with SIGXFSZ ignored so a write past the limit fails with EFBIG ("File too large") instead of killing the
// process. What the child printed to stderr, then what the function returned, come back through a pipe.
#include <csignal>
#include <cstddef>
#include <functional>
#include <string>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

namespace tutor::testing {

/// The child's stderr output, then body's result; body runs under a file-size limit of limitBytes.
inline std::string inChildWithFileLimit(rlim_t limitBytes, const std::function<std::string()>& body)
{
    int fds[2];
    if (::pipe(fds) != 0)
        return "pipe failed";
    const pid_t pid = ::fork();
    if (pid == 0) {
        ::close(fds[0]);
        ::dup2(fds[1], STDERR_FILENO);
        std::signal(SIGXFSZ, SIG_IGN);
        rlimit limit {};
        ::getrlimit(RLIMIT_FSIZE, &limit);
        limit.rlim_cur = limitBytes;
        ::setrlimit(RLIMIT_FSIZE, &limit);
        const std::string out = body();
        std::size_t done = 0;
        while (done < out.size()) {
            const ssize_t n = ::write(fds[1], out.data() + done, out.size() - done);
            if (n <= 0)
                break;
            done += static_cast<std::size_t>(n);
        }
        ::_exit(0);
    }
    ::close(fds[1]);
    std::string out;
    char buffer[4096];
    ssize_t n = 0;
    while ((n = ::read(fds[0], buffer, sizeof buffer)) > 0)
        out.append(buffer, static_cast<std::size_t>(n));
    ::close(fds[0]);
    int status = 0;
    ::waitpid(pid, &status, 0);
    return out;
}

} // namespace tutor::testing
