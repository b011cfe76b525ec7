"""PyTorch DDP on CPU (gloo), wired by MASTER_ADDR, MASTER_PORT, WORLD_SIZE and RANK as
AI Platform's PyTorch containers set them. A tiny synthetic regression; rank 0 prints the loss
of every step.

Restarts: the service restarts replicas (VM maintenance, failures), and its GPU guide advises to
"regularly save model checkpoints ... and restore the most recent checkpoint". Rank 0 saves the
model, the optimizer and the step under the checkpoint directory (AIP_CHECKPOINT_DIR, else
<job-dir>/checkpoints; gs:// paths through Vertex AI's Cloud Storage FUSE mount /gcs/) every
--checkpoint-steps steps and at every epoch's end; every rank restores the latest at start.
A rank that restarts alone cannot rejoin a running process group, so the example's config asks
for scheduling.restartJobOnWorkerRestart: every rank restarts together and resumes.

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
    p.add_argument("--checkpoint-steps", dest="checkpoint_steps", type=int, default=10,
                   help="save a checkpoint every N steps (and at every epoch's end); 0: never")
    return p.parse_args(argv)


def checkpoint_path(job_dir):
    folder = os.environ.get("AIP_CHECKPOINT_DIR")
    if not folder and job_dir:
        folder = os.path.join(job_dir, "checkpoints")
    if not folder:
        return None
    if folder.startswith("gs://"):  # Vertex AI mounts Cloud Storage under /gcs/
        folder = "/gcs/" + folder[len("gs://"):]
    return os.path.join(folder, "ddp_checkpoint.pt")


def save_checkpoint(path, model, opt, step):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    tmp = path + ".tmp"
    torch.save({"model": model.state_dict(), "optimizer": opt.state_dict(), "step": step}, tmp)
    os.replace(tmp, path)  # never a half-written checkpoint


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
    module = torch.nn.Linear(8, 1)
    opt = torch.optim.SGD(module.parameters(), lr=args.learning_rate)
    ckpt = checkpoint_path(args.job_dir)
    step = 0
    if ckpt and os.path.exists(ckpt):
        state = torch.load(ckpt)
        module.load_state_dict(state["model"])
        opt.load_state_dict(state["optimizer"])
        step = int(state["step"])
        print("rank %d: resuming from the checkpoint at step %d" % (rank, step), flush=True)
    model = DistributedDataParallel(module)  # broadcasts rank 0's weights to every rank
    loss_fn = torch.nn.MSELoss()
    if rank == 0:
        print("rank 0 of %d: training on %s:%s" % (world, os.environ["MASTER_ADDR"],
                                                  os.environ["MASTER_PORT"]), flush=True)
    for epoch in range(step // args.steps_per_epoch + 1, args.epochs + 1):
        total = 0.0
        done_in_epoch = step - (epoch - 1) * args.steps_per_epoch
        for _ in range(done_in_epoch, args.steps_per_epoch):
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
                at_end = step % args.steps_per_epoch == 0
                if ckpt and args.checkpoint_steps > 0 and (
                        at_end or step % args.checkpoint_steps == 0):
                    save_checkpoint(ckpt, module, opt, step)
        if rank == 0:
            print("Epoch %d/%d" % (epoch, args.epochs), flush=True)
            print("%d/%d - loss: %.4f" % (args.steps_per_epoch, args.steps_per_epoch,
                                          total / max(1, args.steps_per_epoch - done_in_epoch)),
                  flush=True)
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
