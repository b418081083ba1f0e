#include "live/nccl/ncclbackendimpl.h"

namespace tutor::live {

std::unique_ptr<Backend> makeNcclBackend(int gpus, int* argc, char*** argv)
{
    return std::make_unique<NcclBackend>(gpus, argc, argv);
}

} // namespace tutor::live
