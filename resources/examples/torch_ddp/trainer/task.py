"""PyTorch DDP on CPU (gloo), wired by MASTER_ADDR, MASTER_PORT, WORLD_SIZE and RANK as
AI Platform's PyTorch containers set them. A tiny synthetic regression; rank 0 prints the loss
of every step.

    python -m trainer.task [--epochs N] [--steps-per-epoch N] [--learning-rate LR] --job-dir DIR
"""

import argparse
import datetime
import os
import sys

import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel


def parse_args(argv=None):
    p = argparse.ArgumentParser(prog="trainer.task")
    p.add_argument("--job-dir", "--job_dir", dest="job_dir", default=None)
    p.add_argument("--epochs", type=int, default=3)
    p.add_argument("--steps-per-epoch", "--steps_per_epoch", dest="steps_per_epoch", type=int,
                   default=20)
    p.add_argument("--learning-rate", "--learning_rate", dest="learning_rate", type=float,
                   default=0.05)
    p.add_argument("--batch-size", "--batch_size", dest="batch_size", type=int, default=32)
    p.add_argument("--seed", type=int, default=42)
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    missing = [v for v in ("MASTER_ADDR", "MASTER_PORT", "WORLD_SIZE", "RANK") if v not in os.environ]
    if missing:
        print("ERROR: %s not set; this replica is not part of the PyTorch process group"
              % ", ".join(missing), file=sys.stderr, flush=True)
        return 2
    rank = int(os.environ["RANK"])
    world = int(os.environ["WORLD_SIZE"])
    dist.init_process_group("gloo", init_method="env://", rank=rank, world_size=world,
                            timeout=datetime.timedelta(seconds=120))

    torch.manual_seed(args.seed)  # same true weights and initial model on every rank
    true_w = torch.randn(8, 1)
    gen = torch.Generator().manual_seed(args.seed + 1 + rank)  # a different shard per rank
    model = DistributedDataParallel(torch.nn.Linear(8, 1))
    opt = torch.optim.SGD(model.parameters(), lr=args.learning_rate)
    loss_fn = torch.nn.MSELoss()
    if rank == 0:
        print("rank 0 of %d: training on %s:%s" % (world, os.environ["MASTER_ADDR"],
                                                  os.environ["MASTER_PORT"]), flush=True)
    step = 0
    for epoch in range(1, args.epochs + 1):
        total = 0.0
        for _ in range(args.steps_per_epoch):
            step += 1
            x = torch.randn(args.batch_size, 8, generator=gen)
            y = x @ true_w + 0.1 * torch.randn(args.batch_size, 1, generator=gen)
            opt.zero_grad()
            loss = loss_fn(model(x), y)
            loss.backward()  # DDP averages the gradients over all ranks
            opt.step()
            total += loss.item()
            if rank == 0:
                print("step=%d loss=%.4f" % (step, loss.item()), flush=True)
        if rank == 0:
            print("Epoch %d/%d" % (epoch, args.epochs), flush=True)
            print("%d/%d - loss: %.4f" % (args.steps_per_epoch, args.steps_per_epoch,
                                          total / args.steps_per_epoch), flush=True)
    if rank == 0 and args.job_dir:
        folder = os.environ.get("AIP_MODEL_DIR") or os.path.join(args.job_dir, "model")
        os.makedirs(folder, exist_ok=True)
        tmp = os.path.join(folder, ".model.pt.tmp")
        torch.save(model.module.state_dict(), tmp)
        os.replace(tmp, os.path.join(folder, "model.pt"))
    dist.barrier()
    dist.destroy_process_group()
    return 0


if __name__ == "__main__":
    sys.exit(main())
