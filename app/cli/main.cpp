// SPDX-License-Identifier: MIT
#include "app/cli/commands.h"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <iostream>
#include <string>
#include <vector>

int main(int argc, char** argv)
{
    // Past the file-size limit (ulimit -f) a write should fail with "File too large" and be reported with the
    // file's name, not kill the process.
    std::signal(SIGXFSZ, SIG_IGN);
    const std::vector<std::string> args(argv, argv + argc);
    const int code = tutor::app::cli::dispatch(args, std::cout, std::cerr);
    // Output redirected to a full disk must not end in a silent success.
    errno = 0;
    std::cout.flush();
    if (!std::cout) {
        std::cerr << "commtutor-cli: standard output: cannot be written"
                  << (errno != 0 ? std::string(": ") + std::strerror(errno) : std::string()) << '\n';
        return code != 0 ? code : 1;
    }
    return code;
}
