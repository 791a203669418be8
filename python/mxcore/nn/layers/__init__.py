"""The layers of ``mxcore.nn``."""

from mxcore.nn.layers.activations import (
    CELU, ELU, GELU, GLU, SELU, HardShrink, Hardswish, HardTanh, LeakyReLU, LogSigmoid, LogSoftmax, Mish, PReLU,
    ReLU, ReLU2, ReLU6, Sigmoid, SiLU, Softmax, Softmin, Softplus, Softshrink, Softsign, Step, Tanh, celu, elu,
    gelu, gelu_approx, gelu_fast_approx, glu, hard_shrink, hard_tanh, hardswish, leaky_relu, log_sigmoid,
    log_softmax, mish, prelu, relu, relu2, relu6, selu, sigmoid, silu, softmax, softmin, softplus, softshrink,
    softsign, step, tanh,
)
from mxcore.nn.layers.base import Module
from mxcore.nn.layers.containers import Sequential
from mxcore.nn.layers.convolution import Conv1d, Conv2d, Conv3d
from mxcore.nn.layers.convolution_transpose import ConvTranspose1d, ConvTranspose2d, ConvTranspose3d
from mxcore.nn.layers.distributed import (
    AllToShardedLinear, FullyShardedModule, QuantizedAllToShardedLinear, QuantizedShardedToAllLinear,
    ShardedToAllLinear, fully_shard,
)
from mxcore.nn.layers.dropout import Dropout, Dropout2d, Dropout3d
from mxcore.nn.layers.embedding import Embedding
from mxcore.nn.layers.linear import Bilinear, Identity, Linear
from mxcore.nn.layers.normalization import BatchNorm, GroupNorm, InstanceNorm, LayerNorm, RMSNorm
from mxcore.nn.layers.pooling import AvgPool1d, AvgPool2d, AvgPool3d, MaxPool1d, MaxPool2d, MaxPool3d
from mxcore.nn.layers.positional_encoding import ALiBi, RoPE, SinusoidalPositionalEncoding
from mxcore.nn.layers.quantized import QuantizedEmbedding, QuantizedLinear, quantize
from mxcore.nn.layers.qq_linear import QQLinear
from mxcore.nn.layers.recurrent import GRU, LSTM, RNN
from mxcore.nn.layers.transformer import (
    MultiHeadAttention, Transformer, TransformerDecoder, TransformerDecoderLayer, TransformerEncoder,
    TransformerEncoderLayer,
)
from mxcore.nn.layers.upsample import Upsample
