#include <iostream>
#include <string>
#include <vector>

#include "app/cli/commands.h"

int main(int argc, char** argv)
{
    const std::vector<std::string> args(argv, argv + argc);
    return tutor::app::cli::dispatch(args, std::cout, std::cerr);
}
