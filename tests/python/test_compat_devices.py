# Devices compare and print as MLX's: Device(cpu, 0) equals mx.cpu both ways.
import mxcore as mx


def test_device_prints_as_mlx():
    assert repr(mx.Device(mx.cpu, 0)) == "Device(cpu, 0)"
    assert str(mx.Device(mx.cpu)) == "Device(cpu, 0)"
    assert repr(mx.cpu) == "DeviceType.cpu"
    assert repr(mx.default_stream(mx.cpu)) == "Stream(Device(cpu, 0), 0)"


def test_device_equals_its_type_both_ways():
    d = mx.Device(mx.cpu, 0)
    assert d == mx.cpu and mx.cpu == d
    assert not (d != mx.cpu) and not (mx.cpu != d)
    assert mx.default_device() == mx.cpu
    assert mx.cpu == mx.cpu and mx.cpu != mx.gpu
    assert mx.Device(mx.gpu, 1) != mx.gpu and mx.gpu != mx.Device(mx.gpu, 1)
    assert mx.Device(mx.cpu) != mx.Device(mx.gpu)
    assert mx.cpu != "cpu" and d != "cpu"


def test_device_fields():
    d = mx.Device(mx.cpu, 0)
    assert d.type == mx.cpu
    assert mx.Device(mx.cpu) == mx.Device(mx.cpu, 0)
