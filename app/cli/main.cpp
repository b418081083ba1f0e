// SPDX-License-Identifier: MIT
#include "app/cli/commands.h"

#include <iostream>
#include <string>
#include <vector>

int main(int argc, char** argv)
{
    const std::vector<std::string> args(argv, argv + argc);
    return tutor::app::cli::dispatch(args, std::cout, std::cerr);
}
