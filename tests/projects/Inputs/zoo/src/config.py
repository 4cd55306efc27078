"""Hyper-parameters, model-zoo style: one namespace the scripts import."""


class Config:
    def __init__(self, **kw):
        for k, v in kw.items():
            setattr(self, k, v)

    def __repr__(self):
        return "Config(" + ", ".join(f"{k}={v!r}" for k, v in sorted(vars(self).items())) + ")"


lenet_cfg = Config(num_classes=4, image_size=16, batch_size=8, lr=0.05, momentum=0.9, epochs=4,
                   num_samples=64)
