package activities

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/smithy-go"

	"github.com/durable-analyst/durable-analyst/activities/fault"
)

// The storage helpers every subsystem uses: objects and JSON in the
// worker's bucket, and presigned URLs.

// PutObject stores bytes under key. Keys are deterministic, so a retry
// overwrites the same object instead of adding one.
func (a *Activities) PutObject(ctx context.Context, key, contentType string, body []byte) error {
	_, err := a.S3.PutObject(ctx, &s3.PutObjectInput{
		Bucket:        aws.String(a.Bucket),
		Key:           aws.String(key),
		Body:          bytes.NewReader(body),
		ContentLength: aws.Int64(int64(len(body))),
		ContentType:   aws.String(contentType),
	})
	return err
}

// PutJSON stores v as JSON under key.
func (a *Activities) PutJSON(ctx context.Context, key string, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("encode %s: %w", key, err)
	}
	return a.PutObject(ctx, key, "application/json", b)
}

// GetObject reads an object, refusing one larger than limit bytes.
func (a *Activities) GetObject(ctx context.Context, bucket, key string, limit int64) ([]byte, error) {
	out, err := a.S3.GetObject(ctx, &s3.GetObjectInput{Bucket: aws.String(bucket), Key: aws.String(key)})
	if err != nil {
		return nil, err
	}
	defer out.Body.Close()
	if out.ContentLength != nil && *out.ContentLength > limit {
		return nil, &fault.TooLargeError{Size: *out.ContentLength, Limit: limit}
	}
	b, err := io.ReadAll(io.LimitReader(out.Body, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(b)) > limit {
		return nil, &fault.TooLargeError{Size: -1, Limit: limit}
	}
	return b, nil
}

// GetJSON reads the JSON under key into v (at most 64 MiB).
func (a *Activities) GetJSON(ctx context.Context, key string, v any) error {
	b, err := a.GetObject(ctx, a.Bucket, key, 64<<20)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(b, v); err != nil {
		return fmt.Errorf("decode s3://%s/%s: %w", a.Bucket, key, err)
	}
	return nil
}

// PresignGet returns a time-limited GET URL for key.
func (a *Activities) PresignGet(ctx context.Context, key string) (string, error) {
	if a.Presign == nil {
		return "", nil
	}
	req, err := a.Presign.PresignGetObject(ctx, &s3.GetObjectInput{Bucket: aws.String(a.Bucket), Key: aws.String(key)},
		s3.WithPresignExpires(a.ChartURLTTL))
	if err != nil {
		return "", err
	}
	return req.URL, nil
}

// PresignInto sets *url to a fresh presigned URL of key.
func (a *Activities) PresignInto(ctx context.Context, key string, url *string) error {
	u, err := a.PresignGet(ctx, key)
	if err != nil {
		return fault.Classify(fault.ServiceStorage, "presign "+key, err)
	}
	*url = u
	return nil
}

// IsNoSuchKey tells an S3 error that says the key does not exist.
func IsNoSuchKey(err error) bool {
	var ae smithy.APIError
	if errors.As(err, &ae) {
		switch ae.ErrorCode() {
		case "NoSuchKey", "NotFound":
			return true
		}
	}
	return false
}
