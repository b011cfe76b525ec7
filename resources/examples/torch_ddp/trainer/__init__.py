"""PyTorch DistributedDataParallel example (gloo, CPU)."""
