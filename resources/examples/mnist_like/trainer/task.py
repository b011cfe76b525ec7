"""Entry point: python -m trainer.task [--epochs N ...] --job-dir DIR

Reads TF_CONFIG and plays its role: the chief (or master) and the workers compute gradients on
their shard of a synthetic data set and exchange them with the parameter servers over TCP; the
parameter servers hold the weights; evaluators follow the checkpoints. Without parameter
servers every replica trains on its own.
"""

import argparse
import os
import sys
import time

from . import checkpoint, cluster, data, hypertune, model, ps


def parse_args(argv=None):
    p = argparse.ArgumentParser(prog="trainer.task", description=__doc__.splitlines()[0])
    p.add_argument("--job-dir", "--job_dir", dest="job_dir", default=None,
                   help="where checkpoints and the model go")
    p.add_argument("--epochs", type=int, default=5)
    p.add_argument("--steps-per-epoch", "--steps_per_epoch", dest="steps_per_epoch", type=int,
                   default=20)
    p.add_argument("--learning-rate", "--learning_rate", dest="learning_rate", type=float,
                   default=0.5)
    p.add_argument("--batch-size", "--batch_size", dest="batch_size", type=int, default=32)
    p.add_argument("--seed", type=int, default=42)
    p.add_argument("--checkpoint-steps", dest="checkpoint_steps", type=int, default=10,
                   help="checkpoint every N steps (and at every epoch's end)")
    p.add_argument("--fail-at-step", dest="fail_at_step", type=int, default=0,
                   help="for tests: exit with code 3 at this step, once per job dir")
    p.add_argument("--fail-task", dest="fail_task", default="primary",
                   help="replica that fails: 'primary' or a name such as worker-1")
    p.add_argument("--connect-timeout", dest="connect_timeout", type=float, default=60.0,
                   help="seconds to keep retrying an unreachable parameter server")
    p.add_argument("--evaluator-timeout", dest="evaluator_timeout", type=float, default=600.0)
    p.add_argument("--step-delay", dest="step_delay", type=float, default=0.0,
                   help="seconds to pause after each step (the bundled config sets 0.6: about "
                        "a minute of live metrics to watch)")
    args = p.parse_args(argv)
    if args.epochs < 1 or args.steps_per_epoch < 1 or args.batch_size < 1:
        p.error("--epochs, --steps-per-epoch and --batch-size must be positive")
    return args


def pace(args):
    if args.step_delay > 0:
        time.sleep(args.step_delay)


def maybe_fail(args, info, step):
    if not args.fail_at_step or step != args.fail_at_step:
        return
    wanted = args.fail_task
    if not (wanted == info.name or (wanted == "primary" and info.is_primary)):
        return
    if args.job_dir:
        marker = os.path.join(args.job_dir, ".trainer-failed-%s-step-%d" % (info.name, step))
        if os.path.exists(marker):
            return
        os.makedirs(args.job_dir, exist_ok=True)
        with open(marker, "w") as f:
            f.write("failed once on purpose\n")
    print("ERROR: %s failing on purpose at step %d (--fail-at-step)" % (info.name, step),
          file=sys.stderr, flush=True)
    sys.exit(3)


def save_model(args, params, info):
    folder = os.environ.get("AIP_MODEL_DIR") or (
        os.path.join(args.job_dir, "model") if args.job_dir else None)
    if folder:
        checkpoint.save(folder, {"params": params, "features": data.FEATURES,
                                 "classes": data.CLASSES, "written_by": info.name})
        os.replace(os.path.join(folder, checkpoint.FILE_NAME), os.path.join(folder, "model.json"))


def run_primary(args, info, train, evaluation):
    shard_index, shard_count = info.data_shard()
    shard = train.shard(shard_index, shard_count)
    folder = checkpoint.directory(args.job_dir)
    saved = checkpoint.load(folder)
    total = args.epochs * args.steps_per_epoch
    if saved:
        params, step, global_step = saved["params"], saved["chief_step"], saved["global_step"]
        print("%s: resuming from the checkpoint at step %d (global step %d)"
              % (info.name, step, global_step), flush=True)
    else:
        params, step, global_step = model.init_params(args.seed), 0, 0

    client = None
    if info.ps_addresses:
        client = ps.Client(info.ps_addresses, model.PARAMS, patience=args.connect_timeout)
        client.init(params, global_step)
    print("%s: softmax regression (%s), shard %d/%d of %d examples, %d steps, %d parameter "
          "servers, %d workers" % (info.name, model.BACKEND, shard_index, shard_count,
                                   len(shard), total, len(info.ps_addresses), info.worker_count),
          flush=True)

    tag = info.metric_tag("accuracy")
    losses, accs = [], []
    epoch_start = time.monotonic()

    def save(final=False):
        if folder:
            checkpoint.save(folder, {"params": params, "chief_step": step,
                                     "global_step": global_step, "final": final})

    while step < total:
        step += 1
        if client:
            params, global_step, _ = client.pull()
        xs, ys = shard.batch(step, args.batch_size, args.seed)
        loss, acc, grad = model.loss_and_grad(params, xs, ys)
        maybe_fail(args, info, step)
        if client:
            global_step, _ = client.push(grad, args.learning_rate)
        else:
            params = model.sgd(params, grad, args.learning_rate)
            global_step = step
        print("step=%d loss=%.4f accuracy=%.3f" % (step, loss, acc), flush=True)
        pace(args)
        losses.append(loss)
        accs.append(acc)

        if step % args.steps_per_epoch == 0:
            if client:
                params, global_step, _ = client.pull()
            val_loss, val_acc = model.evaluate(params, evaluation.xs, evaluation.ys)
            elapsed = time.monotonic() - epoch_start
            n = max(len(losses), 1)
            print("Epoch %d/%d" % (step // args.steps_per_epoch, args.epochs), flush=True)
            print("%d/%d [==============================] - %.0fs %.0fms/step - loss: %.4f - "
                  "accuracy: %.4f - val_loss: %.4f - val_accuracy: %.4f"
                  % (args.steps_per_epoch, args.steps_per_epoch, elapsed, 1000 * elapsed / n,
                     sum(losses) / n, sum(accs) / n, val_loss, val_acc), flush=True)
            hypertune.report(tag, val_loss if "loss" in tag else val_acc, global_step)
            save()
            losses, accs = [], []
            epoch_start = time.monotonic()
        elif args.checkpoint_steps > 0 and step % args.checkpoint_steps == 0:
            save()

    if client:
        params, global_step, _ = client.pull()
    save(final=True)
    save_model(args, params, info)
    val_loss, val_acc = model.evaluate(params, evaluation.xs, evaluation.ys)
    # The final model's evaluation: its own series, not a second value at the last epoch's step.
    print("%s: done at global step %d: final_val_loss=%.4f final_val_accuracy=%.4f"
          % (info.name, global_step, val_loss, val_acc), flush=True)
    if client:
        client.finish()
    return 0


def run_worker(args, info, train):
    shard_index, shard_count = info.data_shard()
    shard = train.shard(shard_index, shard_count)
    print("%s: shard %d/%d (%d examples), %s" % (info.name, shard_index, shard_count, len(shard),
                                                  model.BACKEND), flush=True)
    if not info.ps_addresses:
        params = model.init_params(args.seed)
        for step in range(1, args.epochs * args.steps_per_epoch + 1):
            maybe_fail(args, info, step)
            xs, ys = shard.batch(step, args.batch_size, args.seed + 1 + shard_index)
            loss, _, grad = model.loss_and_grad(params, xs, ys)
            params = model.sgd(params, grad, args.learning_rate)
            pace(args)
        print("%s: trained alone (no parameter servers), last loss %.4f" % (info.name, loss),
              flush=True)
        return 0

    client = ps.Client(info.ps_addresses, model.PARAMS, patience=args.connect_timeout)
    step = 0
    while True:
        params, global_step, done = client.pull()
        if done:
            break
        step += 1
        maybe_fail(args, info, step)
        xs, ys = shard.batch(step, args.batch_size, args.seed + 1 + shard_index)
        loss, _, grad = model.loss_and_grad(params, xs, ys)
        global_step, done = client.push(grad, args.learning_rate)
        pace(args)
        if step % args.steps_per_epoch == 0:
            print("%s: step=%d global_step=%d loss=%.4f" % (info.name, step, global_step, loss),
                  flush=True)
        if done:
            break
    print("%s: the chief is done; %d steps pushed" % (info.name, step), flush=True)
    return 0


def run_evaluator(args, info, evaluation):
    folder = checkpoint.directory(args.job_dir)
    if not folder:
        print("%s: no --job-dir, nothing to evaluate" % info.name, flush=True)
        return 0
    last = None
    deadline = time.monotonic() + args.evaluator_timeout
    while time.monotonic() < deadline:
        saved = checkpoint.load(folder)
        if saved:
            key = (saved.get("global_step"), saved.get("final"))
            if key != last:
                last = key
                loss, acc = model.evaluate(saved["params"], evaluation.xs, evaluation.ys)
                print("%s: eval global_step=%s loss=%.4f accuracy=%.4f"
                      % (info.name, saved.get("global_step"), loss, acc), flush=True)
                deadline = time.monotonic() + args.evaluator_timeout
                if saved.get("final"):
                    return 0
        time.sleep(0.5)
    print("%s: no new checkpoint for %.0f s; stopping" % (info.name, args.evaluator_timeout),
          flush=True)
    return 0


def run_ps(args, info):
    saved = checkpoint.load(checkpoint.directory(args.job_dir))
    restored = (saved["params"], saved["global_step"]) if saved else None
    return ps.serve(info, restored)


def main(argv=None):
    args = parse_args(argv)
    info = cluster.ClusterInfo.from_environment()
    train, evaluation = data.make_datasets(args.seed)
    try:
        if info.task_type == "ps":
            return run_ps(args, info)
        if info.task_type == "evaluator":
            return run_evaluator(args, info, evaluation)
        if info.is_primary:
            return run_primary(args, info, train, evaluation)
        if info.task_type == "worker":
            return run_worker(args, info, train)
    except ConnectionError as error:
        print("ERROR: %s lost the parameter servers: %s" % (info.name, error), file=sys.stderr,
              flush=True)
        return 1
    print("ERROR: unknown task type %r in TF_CONFIG" % info.task_type, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
