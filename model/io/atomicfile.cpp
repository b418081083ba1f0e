// SPDX-License-Identifier: MIT
#include "model/io/atomicfile.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <climits>
#include <cstdlib>
#include <fcntl.h>
#include <sys/stat.h>
#include <system_error>
#include <unistd.h>
#include <utility>

namespace tutor::io {

namespace {

std::string reasonFor(int error)
{
    return std::generic_category().message(error);
}

// Closes on every early return; close() itself is checked where it matters (release first).
class Fd {
public:
    explicit Fd(int fd)
        : m_fd(fd)
    {
    }
    Fd(const Fd&) = delete;
    Fd& operator=(const Fd&) = delete;
    ~Fd()
    {
        if (m_fd >= 0)
            ::close(m_fd);
    }
    int get() const { return m_fd; }
    int release() { return std::exchange(m_fd, -1); }

private:
    int m_fd = -1;
};

// 0 on success, else the errno of the first failed write. A short write is retried: it is how a file system
// reports that only part fitted, and the retry returns the reason (ENOSPC, EFBIG).
int writeAll(int fd, std::string_view bytes)
{
    while (!bytes.empty()) {
        const std::size_t chunk = std::min<std::size_t>(bytes.size(), std::size_t { 1 } << 30);
        const ssize_t n = ::write(fd, bytes.data(), chunk);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return errno;
        }
        if (n == 0)
            return EIO;
        bytes.remove_prefix(static_cast<std::size_t>(n));
    }
    return 0;
}

int closeChecked(Fd& fd)
{
    // After close() fails with EINTR the descriptor is gone on Linux; retrying could close another thread's file.
    return ::close(fd.release()) == 0 || errno == EINTR ? 0 : errno;
}

std::string folderOf(const std::string& path)
{
    const auto slash = path.rfind('/');
    if (slash == std::string::npos)
        return ".";
    return slash == 0 ? "/" : path.substr(0, slash);
}

std::string baseOf(const std::string& path)
{
    const auto slash = path.rfind('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

// A device, FIFO or terminal cannot be renamed over: write into it, checking every write.
std::optional<WriteFailure> writeInPlace(const std::string& shown, const std::string& target, std::string_view bytes)
{
    Fd fd(::open(target.c_str(), O_WRONLY | O_CLOEXEC | O_NOCTTY));
    if (fd.get() < 0)
        return WriteFailure { shown, reasonFor(errno) };
    if (const int error = writeAll(fd.get(), bytes))
        return WriteFailure { shown, reasonFor(error) };
    if (const int error = closeChecked(fd))
        return WriteFailure { shown, reasonFor(error) };
    return std::nullopt;
}

std::string resolvedTarget(const std::string& path)
{
    struct stat link { };
    if (::lstat(path.c_str(), &link) != 0 || !S_ISLNK(link.st_mode))
        return path;
    // Replace what the link points to, not the link. A dangling link is replaced by the file.
    char* real = ::realpath(path.c_str(), nullptr);
    if (!real)
        return path;
    std::string out(real);
    std::free(real);
    return out;
}

} // namespace

std::string WriteFailure::rule() const
{
    if (outcome == Outcome::NotDurable)
        return "was written, but its folder could not be synced: " + reason
            + " (a power cut may bring the old file back)";
    return "cannot be written: " + reason + (hadOldFile ? " (the old file is kept)" : " (no file was created)");
}

std::string WriteFailure::text() const
{
    return path + ": " + rule();
}

std::optional<WriteFailure> writeFileAtomically(const std::string& path, std::string_view bytes)
{
    if (path.empty())
        return WriteFailure { path, reasonFor(ENOENT), WriteFailure::Outcome::OldFileKept, false };
    const std::string target = resolvedTarget(path);
    struct stat old { };
    const bool exists = ::stat(target.c_str(), &old) == 0;
    if (!exists && errno != ENOENT) // ENOTDIR ("/etc/hostname/x"), EACCES, ELOOP, ENAMETOOLONG
        return WriteFailure { path, reasonFor(errno), WriteFailure::Outcome::OldFileKept, false };
    if (exists && S_ISDIR(old.st_mode))
        return WriteFailure { path, reasonFor(EISDIR) };
    if (exists && !S_ISREG(old.st_mode))
        return writeInPlace(path, target, bytes);

    // The temporary is a sibling of the target, so the rename stays on one file system and is atomic.
    const std::string folder = folderOf(target);
    std::string base = baseOf(target);
    base.resize(std::min<std::size_t>(base.size(), 200)); // room for the suffix within NAME_MAX
    static std::atomic<unsigned> counter { 0 };
    std::string temporary;
    int created = -1;
    for (int attempt = 0; attempt < 100 && created < 0; ++attempt) {
        temporary = folder + "/." + base + ".tmp-" + std::to_string(::getpid()) + "-" + std::to_string(counter++);
        created = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (created < 0 && errno != EEXIST)
            return WriteFailure { path, reasonFor(errno), WriteFailure::Outcome::OldFileKept, exists };
    }
    if (created < 0)
        return WriteFailure { path, reasonFor(EEXIST), WriteFailure::Outcome::OldFileKept, exists };
    Fd fd(created);
    const auto fail = [&](int error) {
        ::unlink(temporary.c_str());
        return WriteFailure { path, reasonFor(error), WriteFailure::Outcome::OldFileKept, exists };
    };
    // The replacement keeps the old file's permissions (0666 less the umask for a new file, from open()).
    if (exists && ::fchmod(fd.get(), old.st_mode & 07777) != 0)
        return fail(errno);
    if (const int error = writeAll(fd.get(), bytes))
        return fail(error);
    if (::fsync(fd.get()) != 0)
        return fail(errno);
    if (const int error = closeChecked(fd))
        return fail(error);
    if (::rename(temporary.c_str(), target.c_str()) != 0)
        return fail(errno);

    // The rename is durable only once the folder's entry is on disk. Some file systems cannot sync a folder
    // (EINVAL): nothing more can be done there, and the data itself is synced.
    Fd dir(::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    if (dir.get() >= 0 && ::fsync(dir.get()) != 0 && errno != EINVAL && errno != EROFS)
        return WriteFailure { path, reasonFor(errno), WriteFailure::Outcome::NotDurable, exists };
    return std::nullopt;
}

} // namespace tutor::io
