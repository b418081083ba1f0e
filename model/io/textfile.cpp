// SPDX-License-Identifier: MIT
#include "model/io/textfile.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <sys/stat.h>

namespace tutor::io {

namespace {

std::string sizeText(std::size_t bytes)
{
    if (bytes >= (std::size_t { 1 } << 20))
        return std::to_string(bytes >> 20) + " MiB";
    return std::to_string(bytes) + " bytes";
}

} // namespace

TextRead readTextFile(const std::string& path, std::size_t maxBytes)
{
    struct FileCloser {
        void operator()(std::FILE* f) const { std::fclose(f); }
    };
    std::unique_ptr<std::FILE, FileCloser> file(std::fopen(path.c_str(), "rb"));
    if (!file)
        return ReadFailure { std::string("cannot be read: ") + std::strerror(errno) };
    struct stat info { };
    if (::fstat(::fileno(file.get()), &info) != 0)
        return ReadFailure { std::string("cannot be read: ") + std::strerror(errno) };
    if (!S_ISREG(info.st_mode))
        return ReadFailure { S_ISDIR(info.st_mode) ? "is a folder, not a file" : "is not a regular file" };
    if (static_cast<std::size_t>(info.st_size) > maxBytes)
        return ReadFailure { "is " + sizeText(static_cast<std::size_t>(info.st_size)) + "; at most "
            + sizeText(maxBytes) + " is read" };
    std::string text;
    text.resize(static_cast<std::size_t>(info.st_size));
    std::size_t got = std::fread(text.data(), 1, text.size(), file.get());
    if (std::ferror(file.get()))
        return ReadFailure { std::string("cannot be read: ") + std::strerror(errno) };
    text.resize(got);
    // A file that grew while it was read: read on, still bounded.
    char buffer[65536];
    while (!std::feof(file.get())) {
        const std::size_t n = std::fread(buffer, 1, sizeof buffer, file.get());
        if (std::ferror(file.get()))
            return ReadFailure { std::string("cannot be read: ") + std::strerror(errno) };
        if (text.size() + n > maxBytes)
            return ReadFailure { "is larger than " + sizeText(maxBytes) + "; at most that is read" };
        text.append(buffer, n);
        if (n == 0)
            break;
    }
    return text;
}

} // namespace tutor::io
